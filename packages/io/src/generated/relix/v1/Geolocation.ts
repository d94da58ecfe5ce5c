// Original file: /work/main/proto/relix/v1/meteorites.proto


export interface Geolocation {
  'type'?: (string);
  'coordinates'?: (number | string)[];
}

export interface Geolocation__Output {
  'type': (string);
  'coordinates': (number)[];
}
