// Original file: /work/main/proto/relix/v1/bench.proto


export interface UploadRequest {
  'payload'?: (Buffer | Uint8Array | string);
}

export interface UploadRequest__Output {
  'payload': (Buffer);
}
