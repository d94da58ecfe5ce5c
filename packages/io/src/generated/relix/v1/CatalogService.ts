// Original file: /work/main/proto/relix/v1/catalog.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './GetByIdRequest';
import type { Item as _relix_v1_Item, Item__Output as _relix_v1_Item__Output } from './Item';
import type { ItemList as _relix_v1_ItemList, ItemList__Output as _relix_v1_ItemList__Output } from './ItemList';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './ListRequest';

export interface CatalogServiceClient extends grpc.Client {
  GetItem(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Item__Output>): grpc.ClientUnaryCall;
  
  ListItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  listItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  listItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  listItems(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  listItems(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_ItemList__Output>): grpc.ClientUnaryCall;
  
  StreamItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Item__Output>;
  StreamItems(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Item__Output>;
  streamItems(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Item__Output>;
  streamItems(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Item__Output>;
  
}

export interface CatalogServiceHandlers extends grpc.UntypedServiceImplementation {
  GetItem: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Item>;
  
  ListItems: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_ItemList>;
  
  StreamItems: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Item>;
  
}

export interface CatalogServiceDefinition extends grpc.ServiceDefinition {
  GetItem: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Item, _relix_v1_GetByIdRequest__Output, _relix_v1_Item__Output>
  ListItems: MethodDefinition<_relix_v1_ListRequest, _relix_v1_ItemList, _relix_v1_ListRequest__Output, _relix_v1_ItemList__Output>
  StreamItems: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Item, _relix_v1_ListRequest__Output, _relix_v1_Item__Output>
}
