// Original file: /work/main/proto/relix/v1/compute.proto


export interface RawImage {
  'image'?: (Buffer | Uint8Array | string);
}

export interface RawImage__Output {
  'image': (Buffer);
}
