// Original file: /work/main/proto/relix/v1/bench.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { EchoReply as _relix_v1_EchoReply, EchoReply__Output as _relix_v1_EchoReply__Output } from './EchoReply';
import type { EchoRequest as _relix_v1_EchoRequest, EchoRequest__Output as _relix_v1_EchoRequest__Output } from './EchoRequest';
import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './Empty';
import type { StreamMessage as _relix_v1_StreamMessage, StreamMessage__Output as _relix_v1_StreamMessage__Output } from './StreamMessage';
import type { StreamRequest as _relix_v1_StreamRequest, StreamRequest__Output as _relix_v1_StreamRequest__Output } from './StreamRequest';
import type { UploadReply as _relix_v1_UploadReply, UploadReply__Output as _relix_v1_UploadReply__Output } from './UploadReply';
import type { UploadRequest as _relix_v1_UploadRequest, UploadRequest__Output as _relix_v1_UploadRequest__Output } from './UploadRequest';

export interface BenchServiceClient extends grpc.Client {
  Echo(argument: _relix_v1_EchoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  Echo(argument: _relix_v1_EchoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  Echo(argument: _relix_v1_EchoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  Echo(argument: _relix_v1_EchoRequest, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  echo(argument: _relix_v1_EchoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  echo(argument: _relix_v1_EchoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  echo(argument: _relix_v1_EchoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  echo(argument: _relix_v1_EchoRequest, callback: grpc.requestCallback<_relix_v1_EchoReply__Output>): grpc.ClientUnaryCall;
  
  Noop(argument: _relix_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  Noop(argument: _relix_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  Noop(argument: _relix_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  Noop(argument: _relix_v1_Empty, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  noop(argument: _relix_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  noop(argument: _relix_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  noop(argument: _relix_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  noop(argument: _relix_v1_Empty, callback: grpc.requestCallback<_relix_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  Stream(argument: _relix_v1_StreamRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_StreamMessage__Output>;
  Stream(argument: _relix_v1_StreamRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_StreamMessage__Output>;
  stream(argument: _relix_v1_StreamRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_StreamMessage__Output>;
  stream(argument: _relix_v1_StreamRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_StreamMessage__Output>;
  
  Upload(argument: _relix_v1_UploadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_UploadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_UploadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  Upload(argument: _relix_v1_UploadRequest, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_UploadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_UploadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_UploadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  upload(argument: _relix_v1_UploadRequest, callback: grpc.requestCallback<_relix_v1_UploadReply__Output>): grpc.ClientUnaryCall;
  
}

export interface BenchServiceHandlers extends grpc.UntypedServiceImplementation {
  Echo: grpc.handleUnaryCall<_relix_v1_EchoRequest__Output, _relix_v1_EchoReply>;
  
  Noop: grpc.handleUnaryCall<_relix_v1_Empty__Output, _relix_v1_Empty>;
  
  Stream: grpc.handleServerStreamingCall<_relix_v1_StreamRequest__Output, _relix_v1_StreamMessage>;
  
  Upload: grpc.handleUnaryCall<_relix_v1_UploadRequest__Output, _relix_v1_UploadReply>;
  
}

export interface BenchServiceDefinition extends grpc.ServiceDefinition {
  Echo: MethodDefinition<_relix_v1_EchoRequest, _relix_v1_EchoReply, _relix_v1_EchoRequest__Output, _relix_v1_EchoReply__Output>
  Noop: MethodDefinition<_relix_v1_Empty, _relix_v1_Empty, _relix_v1_Empty__Output, _relix_v1_Empty__Output>
  Stream: MethodDefinition<_relix_v1_StreamRequest, _relix_v1_StreamMessage, _relix_v1_StreamRequest__Output, _relix_v1_StreamMessage__Output>
  Upload: MethodDefinition<_relix_v1_UploadRequest, _relix_v1_UploadReply, _relix_v1_UploadRequest__Output, _relix_v1_UploadReply__Output>
}
