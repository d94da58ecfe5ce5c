// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthSeven as _relix_v1_DepthSeven, DepthSeven__Output as _relix_v1_DepthSeven__Output } from './DepthSeven';
import type { DepthEight as _relix_v1_DepthEight, DepthEight__Output as _relix_v1_DepthEight__Output } from './DepthEight';
import type { DepthNine as _relix_v1_DepthNine, DepthNine__Output as _relix_v1_DepthNine__Output } from './DepthNine';

export interface Deepest {
  'id'?: (number);
  'seven'?: (_relix_v1_DepthSeven | null);
  'eight'?: (_relix_v1_DepthEight | null);
  'nine'?: (_relix_v1_DepthNine | null);
}

export interface Deepest__Output {
  'id': (number);
  'seven': (_relix_v1_DepthSeven__Output | null);
  'eight': (_relix_v1_DepthEight__Output | null);
  'nine': (_relix_v1_DepthNine__Output | null);
}
