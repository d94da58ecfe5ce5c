// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Small as _relix_v1_Small, Small__Output as _relix_v1_Small__Output } from './Small';

export interface SmallList {
  'items'?: (_relix_v1_Small)[];
}

export interface SmallList__Output {
  'items': (_relix_v1_Small__Output)[];
}
