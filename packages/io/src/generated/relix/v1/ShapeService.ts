// Original file: /work/main/proto/relix/v1/shapes.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Deep as _relix_v1_Deep, Deep__Output as _relix_v1_Deep__Output } from './Deep';
import type { DeepList as _relix_v1_DeepList, DeepList__Output as _relix_v1_DeepList__Output } from './DeepList';
import type { Deeper as _relix_v1_Deeper, Deeper__Output as _relix_v1_Deeper__Output } from './Deeper';
import type { DeeperList as _relix_v1_DeeperList, DeeperList__Output as _relix_v1_DeeperList__Output } from './DeeperList';
import type { Deepest as _relix_v1_Deepest, Deepest__Output as _relix_v1_Deepest__Output } from './Deepest';
import type { DeepestList as _relix_v1_DeepestList, DeepestList__Output as _relix_v1_DeepestList__Output } from './DeepestList';
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './GetByIdRequest';
import type { Large as _relix_v1_Large, Large__Output as _relix_v1_Large__Output } from './Large';
import type { LargeList as _relix_v1_LargeList, LargeList__Output as _relix_v1_LargeList__Output } from './LargeList';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './ListRequest';
import type { Medium as _relix_v1_Medium, Medium__Output as _relix_v1_Medium__Output } from './Medium';
import type { MediumList as _relix_v1_MediumList, MediumList__Output as _relix_v1_MediumList__Output } from './MediumList';
import type { Small as _relix_v1_Small, Small__Output as _relix_v1_Small__Output } from './Small';
import type { SmallList as _relix_v1_SmallList, SmallList__Output as _relix_v1_SmallList__Output } from './SmallList';

export interface ShapeServiceClient extends grpc.Client {
  GetDeep(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  GetDeep(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  GetDeep(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  GetDeep(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  getDeep(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  getDeep(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  getDeep(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  getDeep(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deep__Output>): grpc.ClientUnaryCall;
  
  GetDeeper(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  GetDeeper(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  GetDeeper(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  GetDeeper(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  getDeeper(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  getDeeper(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  getDeeper(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  getDeeper(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deeper__Output>): grpc.ClientUnaryCall;
  
  GetDeepest(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  GetDeepest(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  GetDeepest(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  GetDeepest(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  getDeepest(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  getDeepest(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  getDeepest(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  getDeepest(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Deepest__Output>): grpc.ClientUnaryCall;
  
  GetLarge(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  GetLarge(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  GetLarge(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  GetLarge(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  getLarge(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  getLarge(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  getLarge(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  getLarge(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Large__Output>): grpc.ClientUnaryCall;
  
  GetMedium(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  GetMedium(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  GetMedium(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  GetMedium(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  getMedium(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  getMedium(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  getMedium(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  getMedium(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Medium__Output>): grpc.ClientUnaryCall;
  
  GetSmall(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  GetSmall(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  GetSmall(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  GetSmall(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  getSmall(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  getSmall(argument: _relix_v1_GetByIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  getSmall(argument: _relix_v1_GetByIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  getSmall(argument: _relix_v1_GetByIdRequest, callback: grpc.requestCallback<_relix_v1_Small__Output>): grpc.ClientUnaryCall;
  
  ListDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  ListDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  ListDeep(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  ListDeep(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  listDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  listDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  listDeep(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  listDeep(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeepList__Output>): grpc.ClientUnaryCall;
  
  ListDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  ListDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  ListDeeper(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  ListDeeper(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  listDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  listDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  listDeeper(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  listDeeper(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeeperList__Output>): grpc.ClientUnaryCall;
  
  ListDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  ListDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  ListDeepest(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  ListDeepest(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  listDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  listDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  listDeepest(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  listDeepest(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_DeepestList__Output>): grpc.ClientUnaryCall;
  
  ListLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  ListLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  ListLarge(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  ListLarge(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  listLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  listLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  listLarge(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  listLarge(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_LargeList__Output>): grpc.ClientUnaryCall;
  
  ListMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  ListMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  ListMedium(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  ListMedium(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  listMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  listMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  listMedium(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  listMedium(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_MediumList__Output>): grpc.ClientUnaryCall;
  
  ListSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  ListSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  ListSmall(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  ListSmall(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  listSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  listSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  listSmall(argument: _relix_v1_ListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  listSmall(argument: _relix_v1_ListRequest, callback: grpc.requestCallback<_relix_v1_SmallList__Output>): grpc.ClientUnaryCall;
  
  StreamDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deep__Output>;
  StreamDeep(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deep__Output>;
  streamDeep(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deep__Output>;
  streamDeep(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deep__Output>;
  
  StreamDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deeper__Output>;
  StreamDeeper(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deeper__Output>;
  streamDeeper(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deeper__Output>;
  streamDeeper(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deeper__Output>;
  
  StreamDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deepest__Output>;
  StreamDeepest(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deepest__Output>;
  streamDeepest(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deepest__Output>;
  streamDeepest(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Deepest__Output>;
  
  StreamLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Large__Output>;
  StreamLarge(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Large__Output>;
  streamLarge(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Large__Output>;
  streamLarge(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Large__Output>;
  
  StreamMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Medium__Output>;
  StreamMedium(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Medium__Output>;
  streamMedium(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Medium__Output>;
  streamMedium(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Medium__Output>;
  
  StreamSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Small__Output>;
  StreamSmall(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Small__Output>;
  streamSmall(argument: _relix_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Small__Output>;
  streamSmall(argument: _relix_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_relix_v1_Small__Output>;
  
}

export interface ShapeServiceHandlers extends grpc.UntypedServiceImplementation {
  GetDeep: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Deep>;
  
  GetDeeper: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Deeper>;
  
  GetDeepest: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Deepest>;
  
  GetLarge: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Large>;
  
  GetMedium: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Medium>;
  
  GetSmall: grpc.handleUnaryCall<_relix_v1_GetByIdRequest__Output, _relix_v1_Small>;
  
  ListDeep: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_DeepList>;
  
  ListDeeper: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_DeeperList>;
  
  ListDeepest: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_DeepestList>;
  
  ListLarge: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_LargeList>;
  
  ListMedium: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_MediumList>;
  
  ListSmall: grpc.handleUnaryCall<_relix_v1_ListRequest__Output, _relix_v1_SmallList>;
  
  StreamDeep: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Deep>;
  
  StreamDeeper: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Deeper>;
  
  StreamDeepest: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Deepest>;
  
  StreamLarge: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Large>;
  
  StreamMedium: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Medium>;
  
  StreamSmall: grpc.handleServerStreamingCall<_relix_v1_ListRequest__Output, _relix_v1_Small>;
  
}

export interface ShapeServiceDefinition extends grpc.ServiceDefinition {
  GetDeep: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Deep, _relix_v1_GetByIdRequest__Output, _relix_v1_Deep__Output>
  GetDeeper: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Deeper, _relix_v1_GetByIdRequest__Output, _relix_v1_Deeper__Output>
  GetDeepest: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Deepest, _relix_v1_GetByIdRequest__Output, _relix_v1_Deepest__Output>
  GetLarge: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Large, _relix_v1_GetByIdRequest__Output, _relix_v1_Large__Output>
  GetMedium: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Medium, _relix_v1_GetByIdRequest__Output, _relix_v1_Medium__Output>
  GetSmall: MethodDefinition<_relix_v1_GetByIdRequest, _relix_v1_Small, _relix_v1_GetByIdRequest__Output, _relix_v1_Small__Output>
  ListDeep: MethodDefinition<_relix_v1_ListRequest, _relix_v1_DeepList, _relix_v1_ListRequest__Output, _relix_v1_DeepList__Output>
  ListDeeper: MethodDefinition<_relix_v1_ListRequest, _relix_v1_DeeperList, _relix_v1_ListRequest__Output, _relix_v1_DeeperList__Output>
  ListDeepest: MethodDefinition<_relix_v1_ListRequest, _relix_v1_DeepestList, _relix_v1_ListRequest__Output, _relix_v1_DeepestList__Output>
  ListLarge: MethodDefinition<_relix_v1_ListRequest, _relix_v1_LargeList, _relix_v1_ListRequest__Output, _relix_v1_LargeList__Output>
  ListMedium: MethodDefinition<_relix_v1_ListRequest, _relix_v1_MediumList, _relix_v1_ListRequest__Output, _relix_v1_MediumList__Output>
  ListSmall: MethodDefinition<_relix_v1_ListRequest, _relix_v1_SmallList, _relix_v1_ListRequest__Output, _relix_v1_SmallList__Output>
  StreamDeep: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Deep, _relix_v1_ListRequest__Output, _relix_v1_Deep__Output>
  StreamDeeper: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Deeper, _relix_v1_ListRequest__Output, _relix_v1_Deeper__Output>
  StreamDeepest: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Deepest, _relix_v1_ListRequest__Output, _relix_v1_Deepest__Output>
  StreamLarge: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Large, _relix_v1_ListRequest__Output, _relix_v1_Large__Output>
  StreamMedium: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Medium, _relix_v1_ListRequest__Output, _relix_v1_Medium__Output>
  StreamSmall: MethodDefinition<_relix_v1_ListRequest, _relix_v1_Small, _relix_v1_ListRequest__Output, _relix_v1_Small__Output>
}
