// Original file: /work/main/proto/relix/v1/bench.proto


export interface EchoRequest {
  'message'?: (string);
  'data'?: ({[key: string]: string});
}

export interface EchoRequest__Output {
  'message': (string);
  'data': ({[key: string]: string});
}
