// Original file: /work/main/proto/relix/v1/compute.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Base64Image as _relix_v1_Base64Image, Base64Image__Output as _relix_v1_Base64Image__Output } from './Base64Image';
import type { ImageSize as _relix_v1_ImageSize, ImageSize__Output as _relix_v1_ImageSize__Output } from './ImageSize';
import type { RawImage as _relix_v1_RawImage, RawImage__Output as _relix_v1_RawImage__Output } from './RawImage';

export interface ImageServiceClient extends grpc.Client {
  Base64(argument: _relix_v1_Base64Image, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Base64(argument: _relix_v1_Base64Image, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Base64(argument: _relix_v1_Base64Image, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Base64(argument: _relix_v1_Base64Image, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  base64(argument: _relix_v1_Base64Image, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  base64(argument: _relix_v1_Base64Image, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  base64(argument: _relix_v1_Base64Image, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  base64(argument: _relix_v1_Base64Image, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  
  Raw(argument: _relix_v1_RawImage, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Raw(argument: _relix_v1_RawImage, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Raw(argument: _relix_v1_RawImage, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  Raw(argument: _relix_v1_RawImage, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  raw(argument: _relix_v1_RawImage, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  raw(argument: _relix_v1_RawImage, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  raw(argument: _relix_v1_RawImage, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  raw(argument: _relix_v1_RawImage, callback: grpc.requestCallback<_relix_v1_ImageSize__Output>): grpc.ClientUnaryCall;
  
}

export interface ImageServiceHandlers extends grpc.UntypedServiceImplementation {
  Base64: grpc.handleUnaryCall<_relix_v1_Base64Image__Output, _relix_v1_ImageSize>;
  
  Raw: grpc.handleUnaryCall<_relix_v1_RawImage__Output, _relix_v1_ImageSize>;
  
}

export interface ImageServiceDefinition extends grpc.ServiceDefinition {
  Base64: MethodDefinition<_relix_v1_Base64Image, _relix_v1_ImageSize, _relix_v1_Base64Image__Output, _relix_v1_ImageSize__Output>
  Raw: MethodDefinition<_relix_v1_RawImage, _relix_v1_ImageSize, _relix_v1_RawImage__Output, _relix_v1_ImageSize__Output>
}
