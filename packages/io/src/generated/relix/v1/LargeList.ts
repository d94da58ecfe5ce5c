// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Large as _relix_v1_Large, Large__Output as _relix_v1_Large__Output } from './Large';

export interface LargeList {
  'items'?: (_relix_v1_Large)[];
}

export interface LargeList__Output {
  'items': (_relix_v1_Large__Output)[];
}
