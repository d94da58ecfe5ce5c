// Original file: /work/main/proto/relix/v1/compute.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddReply as _relix_v1_AddReply, AddReply__Output as _relix_v1_AddReply__Output } from './AddReply';
import type { AddRequest as _relix_v1_AddRequest, AddRequest__Output as _relix_v1_AddRequest__Output } from './AddRequest';
import type { DotReply as _relix_v1_DotReply, DotReply__Output as _relix_v1_DotReply__Output } from './DotReply';
import type { DotRequest as _relix_v1_DotRequest, DotRequest__Output as _relix_v1_DotRequest__Output } from './DotRequest';

export interface MathServiceClient extends grpc.Client {
  Add(argument: _relix_v1_AddRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  Add(argument: _relix_v1_AddRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  Add(argument: _relix_v1_AddRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  Add(argument: _relix_v1_AddRequest, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  add(argument: _relix_v1_AddRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  add(argument: _relix_v1_AddRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  add(argument: _relix_v1_AddRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  add(argument: _relix_v1_AddRequest, callback: grpc.requestCallback<_relix_v1_AddReply__Output>): grpc.ClientUnaryCall;
  
  Dot(argument: _relix_v1_DotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  Dot(argument: _relix_v1_DotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  Dot(argument: _relix_v1_DotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  Dot(argument: _relix_v1_DotRequest, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  dot(argument: _relix_v1_DotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  dot(argument: _relix_v1_DotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  dot(argument: _relix_v1_DotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  dot(argument: _relix_v1_DotRequest, callback: grpc.requestCallback<_relix_v1_DotReply__Output>): grpc.ClientUnaryCall;
  
}

export interface MathServiceHandlers extends grpc.UntypedServiceImplementation {
  Add: grpc.handleUnaryCall<_relix_v1_AddRequest__Output, _relix_v1_AddReply>;
  
  Dot: grpc.handleUnaryCall<_relix_v1_DotRequest__Output, _relix_v1_DotReply>;
  
}

export interface MathServiceDefinition extends grpc.ServiceDefinition {
  Add: MethodDefinition<_relix_v1_AddRequest, _relix_v1_AddReply, _relix_v1_AddRequest__Output, _relix_v1_AddReply__Output>
  Dot: MethodDefinition<_relix_v1_DotRequest, _relix_v1_DotReply, _relix_v1_DotRequest__Output, _relix_v1_DotReply__Output>
}
