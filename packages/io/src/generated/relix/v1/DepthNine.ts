// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthEight as _relix_v1_DepthEight, DepthEight__Output as _relix_v1_DepthEight__Output } from './DepthEight';

export interface DepthNine {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'child'?: (_relix_v1_DepthEight | null);
}

export interface DepthNine__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'child': (_relix_v1_DepthEight__Output | null);
}
