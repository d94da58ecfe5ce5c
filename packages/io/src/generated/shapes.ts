import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Deep as _relix_v1_Deep, Deep__Output as _relix_v1_Deep__Output } from './relix/v1/Deep';
import type { DeepList as _relix_v1_DeepList, DeepList__Output as _relix_v1_DeepList__Output } from './relix/v1/DeepList';
import type { Deeper as _relix_v1_Deeper, Deeper__Output as _relix_v1_Deeper__Output } from './relix/v1/Deeper';
import type { DeeperList as _relix_v1_DeeperList, DeeperList__Output as _relix_v1_DeeperList__Output } from './relix/v1/DeeperList';
import type { Deepest as _relix_v1_Deepest, Deepest__Output as _relix_v1_Deepest__Output } from './relix/v1/Deepest';
import type { DeepestList as _relix_v1_DeepestList, DeepestList__Output as _relix_v1_DeepestList__Output } from './relix/v1/DeepestList';
import type { DepthEight as _relix_v1_DepthEight, DepthEight__Output as _relix_v1_DepthEight__Output } from './relix/v1/DepthEight';
import type { DepthFive as _relix_v1_DepthFive, DepthFive__Output as _relix_v1_DepthFive__Output } from './relix/v1/DepthFive';
import type { DepthFour as _relix_v1_DepthFour, DepthFour__Output as _relix_v1_DepthFour__Output } from './relix/v1/DepthFour';
import type { DepthNine as _relix_v1_DepthNine, DepthNine__Output as _relix_v1_DepthNine__Output } from './relix/v1/DepthNine';
import type { DepthOne as _relix_v1_DepthOne, DepthOne__Output as _relix_v1_DepthOne__Output } from './relix/v1/DepthOne';
import type { DepthSeven as _relix_v1_DepthSeven, DepthSeven__Output as _relix_v1_DepthSeven__Output } from './relix/v1/DepthSeven';
import type { DepthSix as _relix_v1_DepthSix, DepthSix__Output as _relix_v1_DepthSix__Output } from './relix/v1/DepthSix';
import type { DepthThree as _relix_v1_DepthThree, DepthThree__Output as _relix_v1_DepthThree__Output } from './relix/v1/DepthThree';
import type { DepthTwo as _relix_v1_DepthTwo, DepthTwo__Output as _relix_v1_DepthTwo__Output } from './relix/v1/DepthTwo';
import type { Empty as _relix_v1_Empty, Empty__Output as _relix_v1_Empty__Output } from './relix/v1/Empty';
import type { GetByIdRequest as _relix_v1_GetByIdRequest, GetByIdRequest__Output as _relix_v1_GetByIdRequest__Output } from './relix/v1/GetByIdRequest';
import type { Large as _relix_v1_Large, Large__Output as _relix_v1_Large__Output } from './relix/v1/Large';
import type { LargeList as _relix_v1_LargeList, LargeList__Output as _relix_v1_LargeList__Output } from './relix/v1/LargeList';
import type { ListRequest as _relix_v1_ListRequest, ListRequest__Output as _relix_v1_ListRequest__Output } from './relix/v1/ListRequest';
import type { Medium as _relix_v1_Medium, Medium__Output as _relix_v1_Medium__Output } from './relix/v1/Medium';
import type { MediumList as _relix_v1_MediumList, MediumList__Output as _relix_v1_MediumList__Output } from './relix/v1/MediumList';
import type { ShapeServiceClient as _relix_v1_ShapeServiceClient, ShapeServiceDefinition as _relix_v1_ShapeServiceDefinition } from './relix/v1/ShapeService';
import type { Small as _relix_v1_Small, Small__Output as _relix_v1_Small__Output } from './relix/v1/Small';
import type { SmallList as _relix_v1_SmallList, SmallList__Output as _relix_v1_SmallList__Output } from './relix/v1/SmallList';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  relix: {
    v1: {
      Deep: MessageTypeDefinition<_relix_v1_Deep, _relix_v1_Deep__Output>
      DeepList: MessageTypeDefinition<_relix_v1_DeepList, _relix_v1_DeepList__Output>
      Deeper: MessageTypeDefinition<_relix_v1_Deeper, _relix_v1_Deeper__Output>
      DeeperList: MessageTypeDefinition<_relix_v1_DeeperList, _relix_v1_DeeperList__Output>
      Deepest: MessageTypeDefinition<_relix_v1_Deepest, _relix_v1_Deepest__Output>
      DeepestList: MessageTypeDefinition<_relix_v1_DeepestList, _relix_v1_DeepestList__Output>
      DepthEight: MessageTypeDefinition<_relix_v1_DepthEight, _relix_v1_DepthEight__Output>
      DepthFive: MessageTypeDefinition<_relix_v1_DepthFive, _relix_v1_DepthFive__Output>
      DepthFour: MessageTypeDefinition<_relix_v1_DepthFour, _relix_v1_DepthFour__Output>
      DepthNine: MessageTypeDefinition<_relix_v1_DepthNine, _relix_v1_DepthNine__Output>
      DepthOne: MessageTypeDefinition<_relix_v1_DepthOne, _relix_v1_DepthOne__Output>
      DepthSeven: MessageTypeDefinition<_relix_v1_DepthSeven, _relix_v1_DepthSeven__Output>
      DepthSix: MessageTypeDefinition<_relix_v1_DepthSix, _relix_v1_DepthSix__Output>
      DepthThree: MessageTypeDefinition<_relix_v1_DepthThree, _relix_v1_DepthThree__Output>
      DepthTwo: MessageTypeDefinition<_relix_v1_DepthTwo, _relix_v1_DepthTwo__Output>
      Empty: MessageTypeDefinition<_relix_v1_Empty, _relix_v1_Empty__Output>
      GetByIdRequest: MessageTypeDefinition<_relix_v1_GetByIdRequest, _relix_v1_GetByIdRequest__Output>
      Large: MessageTypeDefinition<_relix_v1_Large, _relix_v1_Large__Output>
      LargeList: MessageTypeDefinition<_relix_v1_LargeList, _relix_v1_LargeList__Output>
      ListRequest: MessageTypeDefinition<_relix_v1_ListRequest, _relix_v1_ListRequest__Output>
      Medium: MessageTypeDefinition<_relix_v1_Medium, _relix_v1_Medium__Output>
      MediumList: MessageTypeDefinition<_relix_v1_MediumList, _relix_v1_MediumList__Output>
      ShapeService: SubtypeConstructor<typeof grpc.Client, _relix_v1_ShapeServiceClient> & { service: _relix_v1_ShapeServiceDefinition }
      Small: MessageTypeDefinition<_relix_v1_Small, _relix_v1_Small__Output>
      SmallList: MessageTypeDefinition<_relix_v1_SmallList, _relix_v1_SmallList__Output>
    }
  }
}

