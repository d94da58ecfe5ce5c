// Original file: /work/main/proto/relix/v1/catalog.proto

import type { Item as _relix_v1_Item, Item__Output as _relix_v1_Item__Output } from './Item';

export interface ItemList {
  'items'?: (_relix_v1_Item)[];
}

export interface ItemList__Output {
  'items': (_relix_v1_Item__Output)[];
}
