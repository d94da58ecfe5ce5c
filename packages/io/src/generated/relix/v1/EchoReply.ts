// Original file: /work/main/proto/relix/v1/bench.proto


export interface EchoReply {
  'status'?: (string);
  'data'?: ({[key: string]: string});
}

export interface EchoReply__Output {
  'status': (string);
  'data': ({[key: string]: string});
}
