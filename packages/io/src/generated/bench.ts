import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BenchServiceClient as _relix_v1_BenchServiceClient, BenchServiceDefinition as _relix_v1_BenchServiceDefinition } from './relix/v1/BenchService';
import type { EchoReply as _relix_v1_EchoReply, EchoReply__Output as _relix_v1_EchoReply__Output } from './relix/v1/EchoReply';
import type { EchoRequest as _relix_v1_EchoRequest, EchoRequest__Output as _relix_v1_EchoRequest__Output } from './relix/v1/EchoRequest';
import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './relix/v1/Empty';
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './relix/v1/GetByIdRequest';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './relix/v1/ListRequest';
import type { StreamMessage as _relix_v1_StreamMessage, StreamMessage__Output as _relix_v1_StreamMessage__Output } from './relix/v1/StreamMessage';
import type { StreamRequest as _relix_v1_StreamRequest, StreamRequest__Output as _relix_v1_StreamRequest__Output } from './relix/v1/StreamRequest';
import type { UploadReply as _relix_v1_UploadReply, UploadReply__Output as _relix_v1_UploadReply__Output } from './relix/v1/UploadReply';
import type { UploadRequest as _relix_v1_UploadRequest, UploadRequest__Output as _relix_v1_UploadRequest__Output } from './relix/v1/UploadRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  relix: {
    v1: {
      BenchService: SubtypeConstructor<typeof grpc.Client, _relix_v1_BenchServiceClient> & { service: _relix_v1_BenchServiceDefinition }
      EchoReply: MessageTypeDefinition<_relix_v1_EchoReply, _relix_v1_EchoReply__Output>
      EchoRequest: MessageTypeDefinition<_relix_v1_EchoRequest, _relix_v1_EchoRequest__Output>
      Empty: MessageTypeDefinition<_relix_v1_Empty, _relix_v1_Empty__Output>
      GetByIdRequest: MessageTypeDefinition<_relix_v1_GetByIdRequest, _relix_v1_GetByIdRequest__Output>
      ListRequest: MessageTypeDefinition<_relix_v1_ListRequest, _relix_v1_ListRequest__Output>
      StreamMessage: MessageTypeDefinition<_relix_v1_StreamMessage, _relix_v1_StreamMessage__Output>
      StreamRequest: MessageTypeDefinition<_relix_v1_StreamRequest, _relix_v1_StreamRequest__Output>
      UploadReply: MessageTypeDefinition<_relix_v1_UploadReply, _relix_v1_UploadReply__Output>
      UploadRequest: MessageTypeDefinition<_relix_v1_UploadRequest, _relix_v1_UploadRequest__Output>
    }
  }
}

