// Original file: /work/main/proto/relix/v1/shapes.proto

import type { Small as _relix_v1_Small, Small__Output as _relix_v1_Small__Output } from './Small';

export interface Medium {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
  'small1'?: (_relix_v1_Small | null);
  'small2'?: (_relix_v1_Small | null);
  'small3'?: (_relix_v1_Small | null);
  'small4'?: (_relix_v1_Small | null);
  'small5'?: (_relix_v1_Small | null);
  'small6'?: (_relix_v1_Small | null);
}

export interface Medium__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
  'small1': (_relix_v1_Small__Output | null);
  'small2': (_relix_v1_Small__Output | null);
  'small3': (_relix_v1_Small__Output | null);
  'small4': (_relix_v1_Small__Output | null);
  'small5': (_relix_v1_Small__Output | null);
  'small6': (_relix_v1_Small__Output | null);
}
