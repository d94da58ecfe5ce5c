// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Medium as _relix_v1_Medium, Medium__Output as _relix_v1_Medium__Output } from './Medium';

export interface Large {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'medium1'?: (_relix_v1_Medium | null);
  'medium2'?: (_relix_v1_Medium | null);
  'medium3'?: (_relix_v1_Medium | null);
  'medium4'?: (_relix_v1_Medium | null);
  'medium5'?: (_relix_v1_Medium | null);
  'medium6'?: (_relix_v1_Medium | null);
}

export interface Large__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'medium1': (_relix_v1_Medium__Output | null);
  'medium2': (_relix_v1_Medium__Output | null);
  'medium3': (_relix_v1_Medium__Output | null);
  'medium4': (_relix_v1_Medium__Output | null);
  'medium5': (_relix_v1_Medium__Output | null);
  'medium6': (_relix_v1_Medium__Output | null);
}
