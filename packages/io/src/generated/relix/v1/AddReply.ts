// Original file: /work/main/proto/relix/v1/compute.proto


export interface AddReply {
  'sum'?: (number);
}

export interface AddReply__Output {
  'sum': (number);
}
