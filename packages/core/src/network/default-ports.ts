// The ports Relix listens on when nothing says otherwise (each has an env override, read by the
// program's config). docker-compose.yml and the Dockerfile spell the same numbers as literals.
export const DEFAULT_PORTS = {
  rest: 8080,
  grpc: 50051,
  /** The gRPC API's small HTTP side port: /metrics, /stats, /healthz. */
  grpcMetrics: 9464,
  /** The other HTTP stacks, served by the REST API's process beside Express (stacks/stacks.ts). */
  node: 8081,
  nodeProtobuf: 8082,
  h2c: 8083,
  /** grpc-js with precompiled serializers, served by the gRPC API's process beside grpc-js. */
  grpcStatic: 50052,
  runner: 4000,
  web: 3000,
} as const;
