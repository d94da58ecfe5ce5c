// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthFour as _relix_v1_DepthFour, DepthFour__Output as _relix_v1_DepthFour__Output } from './DepthFour';

export interface DepthFive {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthFour | null);
}

export interface DepthFive__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthFour__Output | null);
}
