// Original file: /work/main/proto/relix/v1/shapes.proto

import type { DepthOne as _relix_v1_DepthOne, DepthOne__Output as _relix_v1_DepthOne__Output } from './DepthOne';
import type { DepthTwo as _relix_v1_DepthTwo, DepthTwo__Output as _relix_v1_DepthTwo__Output } from './DepthTwo';
import type { DepthThree as _relix_v1_DepthThree, DepthThree__Output as _relix_v1_DepthThree__Output } from './DepthThree';

export interface Deep {
  'id'?: (number);
  'one'?: (_relix_v1_DepthOne | null);
  'two'?: (_relix_v1_DepthTwo | null);
  'three'?: (_relix_v1_DepthThree | null);
}

export interface Deep__Output {
  'id': (number);
  'one': (_relix_v1_DepthOne__Output | null);
  'two': (_relix_v1_DepthTwo__Output | null);
  'three': (_relix_v1_DepthThree__Output | null);
}
