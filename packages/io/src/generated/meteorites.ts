import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './relix/v1/Empty';
import type { Geolocation as _relix_v1_Geolocation, Geolocation__Output as _relix_v1_Geolocation__Output } from './relix/v1/Geolocation';
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './relix/v1/GetByIdRequest';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './relix/v1/ListRequest';
import type { Meteorite as _relix_v1_Meteorite, Meteorite__Output as _relix_v1_Meteorite__Output } from './relix/v1/Meteorite';
import type { MeteoriteList as _relix_v1_MeteoriteList, MeteoriteList__Output as _relix_v1_MeteoriteList__Output } from './relix/v1/MeteoriteList';
import type { MeteoriteServiceClient as _relix_v1_MeteoriteServiceClient, MeteoriteServiceDefinition as _relix_v1_MeteoriteServiceDefinition } from './relix/v1/MeteoriteService';
import type { UploadMeteoritesReply as _relix_v1_UploadMeteoritesReply, UploadMeteoritesReply__Output as _relix_v1_UploadMeteoritesReply__Output } from './relix/v1/UploadMeteoritesReply';
import type { VersionReply as _relix_v1_VersionReply, VersionReply__Output as _relix_v1_VersionReply__Output } from './relix/v1/VersionReply';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  relix: {
    v1: {
      Empty: MessageTypeDefinition<_relix_v1_Empty, _relix_v1_Empty__Output>
      Geolocation: MessageTypeDefinition<_relix_v1_Geolocation, _relix_v1_Geolocation__Output>
      GetByIdRequest: MessageTypeDefinition<_relix_v1_GetByIdRequest, _relix_v1_GetByIdRequest__Output>
      ListRequest: MessageTypeDefinition<_relix_v1_ListRequest, _relix_v1_ListRequest__Output>
      Meteorite: MessageTypeDefinition<_relix_v1_Meteorite, _relix_v1_Meteorite__Output>
      MeteoriteList: MessageTypeDefinition<_relix_v1_MeteoriteList, _relix_v1_MeteoriteList__Output>
      MeteoriteService: SubtypeConstructor<typeof grpc.Client, _relix_v1_MeteoriteServiceClient> & { service: _relix_v1_MeteoriteServiceDefinition }
      UploadMeteoritesReply: MessageTypeDefinition<_relix_v1_UploadMeteoritesReply, _relix_v1_UploadMeteoritesReply__Output>
      VersionReply: MessageTypeDefinition<_relix_v1_VersionReply, _relix_v1_VersionReply__Output>
    }
  }
}

