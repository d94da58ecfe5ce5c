/**
 * The gRPC floor: a bare grpc-js GetItem handler doing one Redis GET of the same cached item
 * the gRPC API reads (parsed, since protobuf needs an object). No validation, no metrics.
 */
import * as grpc from "@grpc/grpc-js";
import { Redis } from "ioredis";
import { cacheKeys } from "@relix/io/repository/cache-keys";
import { loadRelixProtos } from "@relix/io/proto/load";

const redis = new Redis(process.env.REDIS_URL!);
const port = Number(process.env.PORT);
const { grpcObject } = loadRelixProtos();

const server = new grpc.Server();
server.addService(grpcObject.relix.v1.CatalogService.service, {
  GetItem: (call: grpc.ServerUnaryCall<{ id: number }, unknown>, callback: grpc.sendUnaryData<unknown>) => {
    redis.get(cacheKeys.item(call.request.id)).then(
      (cached) => (cached ? callback(null, JSON.parse(cached) as unknown) : callback({ code: grpc.status.NOT_FOUND })),
      (error: Error) => callback(error),
    );
  },
});
server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), () =>
  console.log(`reference grpc on ${port}`),
);
process.on("SIGTERM", () => {
  server.forceShutdown();
  redis.disconnect();
  process.exit(0);
});
