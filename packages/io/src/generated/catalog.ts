import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CatalogServiceClient as _relix_v1_CatalogServiceClient, CatalogServiceDefinition as _relix_v1_CatalogServiceDefinition } from './relix/v1/CatalogService';
import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './relix/v1/Empty';
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './relix/v1/GetByIdRequest';
import type { Item as _relix_v1_Item, Item__Output as _relix_v1_Item__Output } from './relix/v1/Item';
import type { ItemList as _relix_v1_ItemList, ItemList__Output as _relix_v1_ItemList__Output } from './relix/v1/ItemList';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './relix/v1/ListRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  relix: {
    v1: {
      CatalogService: SubtypeConstructor<typeof grpc.Client, _relix_v1_CatalogServiceClient> & { service: _relix_v1_CatalogServiceDefinition }
      Empty: MessageTypeDefinition<_relix_v1_Empty, _relix_v1_Empty__Output>
      GetByIdRequest: MessageTypeDefinition<_relix_v1_GetByIdRequest, _relix_v1_GetByIdRequest__Output>
      Item: MessageTypeDefinition<_relix_v1_Item, _relix_v1_Item__Output>
      ItemList: MessageTypeDefinition<_relix_v1_ItemList, _relix_v1_ItemList__Output>
      ListRequest: MessageTypeDefinition<_relix_v1_ListRequest, _relix_v1_ListRequest__Output>
    }
  }
}

