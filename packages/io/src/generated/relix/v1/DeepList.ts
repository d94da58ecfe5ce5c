// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Deep as _relix_v1_Deep, Deep__Output as _relix_v1_Deep__Output } from './Deep';

export interface DeepList {
  'items'?: (_relix_v1_Deep)[];
}

export interface DeepList__Output {
  'items': (_relix_v1_Deep__Output)[];
}
