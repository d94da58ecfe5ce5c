// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthThree as _relix_v1_DepthThree, DepthThree__Output as _relix_v1_DepthThree__Output } from './DepthThree';

export interface DepthFour {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthThree | null);
}

export interface DepthFour__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthThree__Output | null);
}
