package relix.grpc.handlers;

import io.grpc.stub.StreamObserver;
import relix.common.requests.RequestRules;
import relix.common.services.CatalogService;
import relix.grpc.calls.GrpcCalls;
import relix.v1.Catalog;
import relix.v1.CatalogServiceGrpc;
import relix.v1.Common;

/** relix.v1.CatalogService: item.get and item.list (study 000). */
public final class CatalogHandlers extends CatalogServiceGrpc.CatalogServiceImplBase {
  private final CatalogService catalog;

  public CatalogHandlers(CatalogService catalog) {
    this.catalog = catalog;
  }

  @Override
  public void getItem(Common.GetByIdRequest request, StreamObserver<Catalog.Item> replies) {
    GrpcCalls.unary(
        replies,
        (ctx, span) -> {
          long id = RequestRules.validId(Integer.toUnsignedLong(request.getId()));
          return ProtoItems.of(span.timeService(() -> catalog.getItem(id, ctx)));
        });
  }

  @Override
  public void listItems(Catalog.ListItemsRequest request, StreamObserver<Catalog.ItemList> replies) {
    GrpcCalls.unary(
        replies,
        (ctx, span) -> {
          int limit = RequestRules.limitFromMessage(Integer.toUnsignedLong(request.getLimit()));
          return ProtoItems.listOf(span.timeService(() -> catalog.listItems(limit, ctx)));
        });
  }
}
