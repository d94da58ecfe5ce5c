// Original file: /work/main/proto/relix/v1/bench.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamMessage {
  'data'?: (string);
  'sequence'?: (number | string | Long);
}

export interface StreamMessage__Output {
  'data': (string);
  'sequence': (number);
}
