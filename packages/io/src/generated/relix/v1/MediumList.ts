// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Medium as _relix_v1_Medium, Medium__Output as _relix_v1_Medium__Output } from './Medium';

export interface MediumList {
  'items'?: (_relix_v1_Medium)[];
}

export interface MediumList__Output {
  'items': (_relix_v1_Medium__Output)[];
}
