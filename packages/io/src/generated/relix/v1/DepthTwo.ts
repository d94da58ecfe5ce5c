// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthOne as _relix_v1_DepthOne, DepthOne__Output as _relix_v1_DepthOne__Output } from './DepthOne';

export interface DepthTwo {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthOne | null);
}

export interface DepthTwo__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthOne__Output | null);
}
