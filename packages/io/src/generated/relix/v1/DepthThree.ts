// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthTwo as _relix_v1_DepthTwo, DepthTwo__Output as _relix_v1_DepthTwo__Output } from './DepthTwo';

export interface DepthThree {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthTwo | null);
}

export interface DepthThree__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthTwo__Output | null);
}
