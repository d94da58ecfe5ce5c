// Original file: /work/main/proto/relix/v1/shapes.proto


export interface DepthOne {
  'id'?: (number);
  'text'?: (string);
  'number'?: (number);
  'decimal'?: (number | string);
}

export interface DepthOne__Output {
  'id': (number);
  'text': (string);
  'number': (number);
  'decimal': (number);
}
