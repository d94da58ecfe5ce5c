package relix.grpc;

import java.util.Map;

/**
 * The catalog's workloads this stack serves, by gRPC method (packages/core/src/catalog/workloads/):
 * the names its requests are counted under in /stats and /metrics.
 */
final class GrpcWorkloads {
  private GrpcWorkloads() {}

  static final Map<String, String> BY_METHOD =
      Map.of(
          "relix.v1.BenchService/Noop", "noop",
          "relix.v1.CatalogService/GetItem", "item.get",
          "relix.v1.CatalogService/ListItems", "item.list",
          "relix.v1.BenchService/Echo", "echo",
          "relix.v1.MathService/Add", "math.add");
}
