// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthFive as _relix_v1_DepthFive, DepthFive__Output as _relix_v1_DepthFive__Output } from './DepthFive';

export interface DepthSix {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthFive | null);
}

export interface DepthSix__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthFive__Output | null);
}
