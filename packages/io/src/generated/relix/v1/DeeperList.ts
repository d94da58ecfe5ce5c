// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Deeper as _relix_v1_Deeper, Deeper__Output as _relix_v1_Deeper__Output } from './Deeper';

export interface DeeperList {
  'items'?: (_relix_v1_Deeper)[];
}

export interface DeeperList__Output {
  'items': (_relix_v1_Deeper__Output)[];
}
