// Original file: /work/main/proto/relix/v1/common.proto


export interface GetByIdRequest {
  'id'?: (number);
}

export interface GetByIdRequest__Output {
  'id': (number);
}
