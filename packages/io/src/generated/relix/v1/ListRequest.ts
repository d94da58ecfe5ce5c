// Original file: /work/main/proto/relix/v1/common.proto


export interface ListRequest {
}

export interface ListRequest__Output {
}
