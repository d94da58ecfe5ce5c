// Original file: /work/main/proto/relix/v1/compute.proto


export interface ImageSize {
  'width'?: (number);
  'height'?: (number);
}

export interface ImageSize__Output {
  'width': (number);
  'height': (number);
}
