// Original file: /work/main/proto/relix/v1/meteorites.proto


export interface VersionReply {
  'version'?: (string);
}

export interface VersionReply__Output {
  'version': (string);
}
