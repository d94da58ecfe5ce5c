// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthSix as _relix_v1_DepthSix, DepthSix__Output as _relix_v1_DepthSix__Output } from './DepthSix';

export interface DepthSeven {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthSix | null);
}

export interface DepthSeven__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthSix__Output | null);
}
