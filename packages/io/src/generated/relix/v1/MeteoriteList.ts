// Original file: /work/main/proto/relix/v1/meteorites.proto

import type { Meteorite as _relix_v1_Meteorite, Meteorite__Output as _relix_v1_Meteorite__Output } from './Meteorite';

export interface MeteoriteList {
  'items'?: (_relix_v1_Meteorite)[];
}

export interface MeteoriteList__Output {
  'items': (_relix_v1_Meteorite__Output)[];
}
