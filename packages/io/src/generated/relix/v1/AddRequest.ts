// Original file: /work/main/proto/relix/v1/compute.proto


export interface AddRequest {
  'a'?: (number);
  'b'?: (number);
}

export interface AddRequest__Output {
  'a': (number);
  'b': (number);
}
