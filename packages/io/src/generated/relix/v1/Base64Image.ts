// Original file: /work/main/proto/relix/v1/compute.proto


export interface Base64Image {
  'img'?: (string);
}

export interface Base64Image__Output {
  'img': (string);
}
