// Original file: /work/main/proto/relix/v1/bench.proto


export interface StreamRequest {
  'numberOfMessages'?: (number);
}

export interface StreamRequest__Output {
  'numberOfMessages': (number);
}
