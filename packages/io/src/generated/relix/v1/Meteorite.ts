// Original file: /work/main/proto/relix/v1/meteorites.proto

import type { Geolocation as _relix_v1_Geolocation, Geolocation__Output as _relix_v1_Geolocation__Output } from './Geolocation';

export interface Meteorite {
  'id'?: (number);
  'name'?: (string);
  'fall'?: (string);
  'geolocation'?: (_relix_v1_Geolocation | null);
  'mass'?: (number | string);
  'nametype'?: (string);
  'recclass'?: (string);
  'reclat'?: (number | string);
  'reclong'?: (number | string);
  'year'?: (string);
}

export interface Meteorite__Output {
  'id': (number);
  'name': (string);
  'fall': (string);
  'geolocation': (_relix_v1_Geolocation__Output | null);
  'mass': (number);
  'nametype': (string);
  'recclass': (string);
  'reclat': (number);
  'reclong': (number);
  'year': (string);
}
