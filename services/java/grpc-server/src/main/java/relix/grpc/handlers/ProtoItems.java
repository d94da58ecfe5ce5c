package relix.grpc.handlers;

import java.util.List;
import relix.common.domain.Item;
import relix.v1.Catalog;

/** Items as proto/relix/v1/catalog.proto carries them. */
final class ProtoItems {
  private ProtoItems() {}

  static Catalog.Item of(Item item) {
    return Catalog.Item.newBuilder()
        .setId((int) item.id()) // uint32: the id's bits, as the proto's unsigned field holds them
        .setName(item.name())
        .setPrice(item.price())
        .addAllTags(item.tags())
        .setCreatedAt(item.createdAt())
        .addAllDims(item.dims())
        .setWeight(item.weight())
        .build();
  }

  static Catalog.ItemList listOf(List<Item> items) {
    Catalog.ItemList.Builder list = Catalog.ItemList.newBuilder();
    for (Item item : items) list.addItems(of(item));
    return list.build();
  }
}
