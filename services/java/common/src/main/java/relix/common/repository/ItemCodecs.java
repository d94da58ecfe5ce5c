package relix.common.repository;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import relix.common.domain.Item;

/** Items and item lists as the Node services cache them: JSON.stringify of the item, of the array. */
public final class ItemCodecs {
  private static final TypeReference<List<Item>> ITEM_LIST = new TypeReference<>() {};

  public final ValueCodec<Item> item;
  public final ValueCodec<List<Item>> list;

  public ItemCodecs(ObjectMapper json) {
    this.item =
        new ValueCodec<>() {
          @Override
          public String write(Item value) throws Exception {
            return json.writeValueAsString(value);
          }

          @Override
          public Item read(String text) throws Exception {
            return json.readValue(text, Item.class);
          }
        };
    this.list =
        new ValueCodec<>() {
          @Override
          public String write(List<Item> value) throws Exception {
            return json.writeValueAsString(value);
          }

          @Override
          public List<Item> read(String text) throws Exception {
            return json.readValue(text, ITEM_LIST);
          }
        };
  }
}
