// Original file: /work/main/proto/relix/v1/meteorites.proto


export interface UploadMeteoritesReply {
  'status'?: (string);
  'count'?: (number);
}

export interface UploadMeteoritesReply__Output {
  'status': (string);
  'count': (number);
}
