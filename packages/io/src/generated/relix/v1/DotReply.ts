// Original file: /work/main/proto/relix/v1/compute.proto


export interface DotReply {
  'result'?: (number | string);
}

export interface DotReply__Output {
  'result': (number);
}
