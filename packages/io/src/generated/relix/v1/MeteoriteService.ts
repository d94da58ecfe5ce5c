// Original file: /work/main/proto/relix/v1/meteorites.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './Empty';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './ListRequest';
import type { Meteorite as _relix_v1_Meteorite, Meteorite__Output as _relix_v1_Meteorite__Output } from './Meteorite';
import type { MeteoriteList as _relix_v1_MeteoriteList, MeteoriteList__Output as _relix_v1_MeteoriteList__Output } from './MeteoriteList';
import type { UploadMeteoritesReply as _relix_v1_UploadMeteoritesReply, UploadMeteoritesReply__Output as _relix_v1_UploadMeteoritesReply__Output } from './UploadMeteoritesReply';
import type { VersionReply as _relix_v1_VersionReply, VersionReply__Output as _relix_v1_VersionReply__Output } from './VersionReply';

export interface MeteoriteServiceClient extends grpc.Client {
  GetAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  GetAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  GetAll(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  GetAll(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  getAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  getAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  getAll(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  getAll(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_MeteoriteList__Output>): grpc.ClientUnaryCall;
  
  StreamAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Meteorite__Output>;
  StreamAll(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Meteorite__Output>;
  streamAll(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Meteorite__Output>;
  streamAll(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Meteorite__Output>;
  
  Upload(argument: _relix_v1_MeteoriteList, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_MeteoriteList, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_MeteoriteList, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_MeteoriteList, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_MeteoriteList, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_MeteoriteList, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_MeteoriteList, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_MeteoriteList, callback: grpc.requestCallback<_relix_v1_UploadMeteoritesReply__Output>): grpc.ClientUnaryCall;
  
  Version(argument: _relix_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  Version(argument: _relix_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  Version(argument: _relix_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  Version(argument: _relix_v1_Empty, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  version(argument: _relix_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  version(argument: _relix_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  version(argument: _relix_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  version(argument: _relix_v1_Empty, callback: grpc.requestCallback<_relix_v1_VersionReply__Output>): grpc.ClientUnaryCall;
  
}

export interface MeteoriteServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAll: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_MeteoriteList>;
  
  StreamAll: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Meteorite>;
  
  Upload: grpc.handleUnaryCall<_relix_v1_MeteoriteList__Output, _relix_v1_UploadMeteoritesReply>;
  
  Version: grpc.handleUnaryCall<_relix_v1_Empty__Output, _relix_v1_VersionReply>;
  
}

export interface MeteoriteServiceDefinition extends grpc.ServiceDefinition {
  GetAll: MethodDefinition<_relix_v1_ListRequest, _relix_v1_MeteoriteList, _relix_v1_ListRequest__Output, _relix_v1_MeteoriteList__Output>
  StreamAll: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Meteorite, _relix_v1_ListRequest__Output, _relix_v1_Meteorite__Output>
  Upload: MethodDefinition<_relix_v1_MeteoriteList, _relix_v1_UploadMeteoritesReply, _relix_v1_MeteoriteList__Output, _relix_v1_UploadMeteoritesReply__Output>
  Version: MethodDefinition<_relix_v1_Empty, _relix_v1_VersionReply, _relix_v1_Empty__Output, _relix_v1_VersionReply__Output>
}
