/** The gRPC services of package relix.v1, each with the .proto file (under proto/relix/v1) that declares it. */
export const PROTO_FILE_OF_SERVICE = {
  CatalogService: "catalog",
  ShapeService: "shapes",
  MeteoriteService: "meteorites",
  BenchService: "bench",
  MathService: "compute",
  ImageService: "compute",
} as const;
export type GrpcServiceName = keyof typeof PROTO_FILE_OF_SERVICE;
