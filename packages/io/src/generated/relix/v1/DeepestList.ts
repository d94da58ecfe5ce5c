// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Deepest as _relix_v1_Deepest, Deepest__Output as _relix_v1_Deepest__Output } from './Deepest';

export interface DeepestList {
  'items'?: (_relix_v1_Deepest)[];
}

export interface DeepestList__Output {
  'items': (_relix_v1_Deepest__Output)[];
}
