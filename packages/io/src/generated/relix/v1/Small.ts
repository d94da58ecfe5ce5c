// Original file: /work/main/proto/relix/v1/shapes.proto


export interface Small {
  'id'?: (number);
  'text1'?: (string);
  'text2'?: (string);
  'text3'?: (string);
  'number1'?: (number);
  'number2'?: (number);
  'number3'?: (number);
  'decimal1'?: (number | string);
  'decimal2'?: (number | string);
  'decimal3'?: (number | string);
}

export interface Small__Output {
  'id': (number);
  'text1': (string);
  'text2': (string);
  'text3': (string);
  'number1': (number);
  'number2': (number);
  'number3': (number);
  'decimal1': (number);
  'decimal2': (number);
  'decimal3': (number);
}
