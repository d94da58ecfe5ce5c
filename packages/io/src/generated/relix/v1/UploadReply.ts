// Original file: /work/main/proto/relix/v1/bench.proto

import type { Long } from '@grpc/proto-loader';

export interface UploadReply {
  'size'?: (number | string | Long);
  'sha256'?: (string);
}

export interface UploadReply__Output {
  'size': (number);
  'sha256': (string);
}
