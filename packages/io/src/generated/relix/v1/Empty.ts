// Original file: /work/main/proto/relix/v1/common.proto


export interface Empty {
}

export interface Empty__Output {
}
