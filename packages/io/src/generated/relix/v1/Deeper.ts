// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthFour as _relix_v1_DepthFour, DepthFour__Output as _relix_v1_DepthFour__Output } from './DepthFour';
import type { DepthFive as _relix_v1_DepthFive, DepthFive__Output as _relix_v1_DepthFive__Output } from './DepthFive';
import type { DepthSix as _relix_v1_DepthSix, DepthSix__Output as _relix_v1_DepthSix__Output } from './DepthSix';

export interface Deeper {
  'id'?: (number);
  'four'?: (_relix_v1_DepthFour | null);
  'five'?: (_relix_v1_DepthFive | null);
  'six'?: (_relix_v1_DepthSix | null);
}

export interface Deeper__Output {
  'id': (number);
  'four': (_relix_v1_DepthFour__Output | null);
  'five': (_relix_v1_DepthFive__Output | null);
  'six': (_relix_v1_DepthSix__Output | null);
}
