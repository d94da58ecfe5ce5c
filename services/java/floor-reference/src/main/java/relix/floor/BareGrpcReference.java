package relix.floor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import relix.v1.Catalog;
import relix.v1.CatalogServiceGrpc;
import relix.v1.Common;

/**
 * The gRPC floor of the Java stacks: a bare grpc-java server (Netty transport, its default
 * executor) whose GetItem reads the cached item from Redis, parses the JSON (protobuf needs the
 * fields) into the generated message and answers it. The same library as grpc-java's stack, as the
 * Node floor's reference is bare grpc-js: no validation, no interceptors, no health, no metrics.
 */
final class BareGrpcReference {
  private BareGrpcReference() {}

  private static final ObjectMapper JSON = new ObjectMapper();

  static AutoCloseable start(int port, RedisAsyncCommands<String, byte[]> redis) throws IOException {
    Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
            .addService(new CatalogFromRedis(redis))
            .build()
            .start();
    return () -> server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  private static final class CatalogFromRedis extends CatalogServiceGrpc.CatalogServiceImplBase {
    private final RedisAsyncCommands<String, byte[]> redis;

    CatalogFromRedis(RedisAsyncCommands<String, byte[]> redis) {
      this.redis = redis;
    }

    @Override
    public void getItem(Common.GetByIdRequest request, StreamObserver<Catalog.Item> replies) {
      redis
          .get(FloorReferenceMain.itemKey(Integer.toUnsignedLong(request.getId())))
          .whenComplete(
              (cached, error) -> {
                if (error != null) {
                  replies.onError(Status.UNAVAILABLE.withCause(error).asRuntimeException());
                } else if (cached == null) {
                  replies.onError(Status.NOT_FOUND.asRuntimeException());
                } else {
                  try {
                    replies.onNext(itemOf(JSON.readTree(cached)));
                    replies.onCompleted();
                  } catch (IOException unreadable) {
                    replies.onError(Status.INTERNAL.withCause(unreadable).asRuntimeException());
                  }
                }
              });
    }
  }

  /** The cached JSON (JSON.stringify of the item) as the proto's message. */
  private static Catalog.Item itemOf(JsonNode json) {
    Catalog.Item.Builder item =
        Catalog.Item.newBuilder()
            .setId((int) json.get("id").asLong())
            .setName(json.get("name").asText())
            .setPrice(json.get("price").asDouble())
            .setCreatedAt(json.get("createdAt").asLong())
            .setWeight(json.get("weight").asDouble());
    json.get("tags").forEach(tag -> item.addTags(tag.asText()));
    json.get("dims").forEach(dim -> item.addDims(dim.asDouble()));
    return item.build();
  }
}
