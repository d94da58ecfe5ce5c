// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthSeven as _relix_v1_DepthSeven, DepthSeven__Output as _relix_v1_DepthSeven__Output } from './DepthSeven';

export interface DepthEight {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthSeven | null);
}

export interface DepthEight__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthSeven__Output | null);
}
