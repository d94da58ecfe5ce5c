import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddReply as _relix_v1_AddReply, AddReply__Output as _relix_v1_AddReply__Output } from './relix/v1/AddReply';
import type { AddRequest as _relix_v1_AddRequest, AddRequest__Output as _relix_v1_AddRequest__Output } from './relix/v1/AddRequest';
import type { Base64Image as _relix_v1_Base64Image, Base64Image__Output as _relix_v1_Base64Image__Output } from './relix/v1/Base64Image';
import type { DotReply as _relix_v1_DotReply, DotReply__Output as _relix_v1_DotReply__Output } from './relix/v1/DotReply';
import type { DotRequest as _relix_v1_DotRequest, DotRequest__Output as _relix_v1_DotRequest__Output } from './relix/v1/DotRequest';
import type { ImageServiceClient as _relix_v1_ImageServiceClient, ImageServiceDefinition as _relix_v1_ImageServiceDefinition } from './relix/v1/ImageService';
import type { ImageSize as _relix_v1_ImageSize, ImageSize__Output as _relix_v1_ImageSize__Output } from './relix/v1/ImageSize';
import type { MathServiceClient as _relix_v1_MathServiceClient, MathServiceDefinition as _relix_v1_MathServiceDefinition } from './relix/v1/MathService';
import type { RawImage as _relix_v1_RawImage, RawImage__Output as _relix_v1_RawImage__Output } from './relix/v1/RawImage';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  relix: {
    v1: {
      AddReply: MessageTypeDefinition<_relix_v1_AddReply, _relix_v1_AddReply__Output>
      AddRequest: MessageTypeDefinition<_relix_v1_AddRequest, _relix_v1_AddRequest__Output>
      Base64Image: MessageTypeDefinition<_relix_v1_Base64Image, _relix_v1_Base64Image__Output>
      DotReply: MessageTypeDefinition<_relix_v1_DotReply, _relix_v1_DotReply__Output>
      DotRequest: MessageTypeDefinition<_relix_v1_DotRequest, _relix_v1_DotRequest__Output>
      ImageService: SubtypeConstructor<typeof grpc.Client, _relix_v1_ImageServiceClient> & { service: _relix_v1_ImageServiceDefinition }
      ImageSize: MessageTypeDefinition<_relix_v1_ImageSize, _relix_v1_ImageSize__Output>
      MathService: SubtypeConstructor<typeof grpc.Client, _relix_v1_MathServiceClient> & { service: _relix_v1_MathServiceDefinition }
      RawImage: MessageTypeDefinition<_relix_v1_RawImage, _relix_v1_RawImage__Output>
    }
  }
}

