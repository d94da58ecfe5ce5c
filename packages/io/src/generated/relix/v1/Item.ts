// Original file: /work/main/proto/relix/v1/catalog.proto

import type { Long } from '@grpc/proto-loader';

export interface Item {
  'id'?: (number);
  'name'?: (string);
  'price'?: (number | string);
  'tags'?: (string)[];
  'createdAt'?: (number | string | Long);
  'updatedAt'?: (number | string | Long);
}

export interface Item__Output {
  'id': (number);
  'name': (string);
  'price': (number);
  'tags': (string)[];
  'createdAt': (number);
  'updatedAt': (number);
}
