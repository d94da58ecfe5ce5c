// Original file: /work/main/proto/relix/v1/compute.proto


export interface DotRequest {
  'a'?: (number | string)[];
  'b'?: (number | string)[];
}

export interface DotRequest__Output {
  'a': (number)[];
  'b': (number)[];
}
