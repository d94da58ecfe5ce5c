package relix.common.repository;

import java.util.List;
import relix.common.domain.Item;

/** The source of truth: MySQL/MariaDB's tables, filled by the Node services' seed. */
public interface ItemStore {
  /** The item, or null when no row has that id. */
  Item getItem(long id) throws Exception;

  /** The first `limit` items by id. */
  List<Item> listItems(int limit) throws Exception;

  /** Returns once the database answered; throws when it did not. */
  void ping() throws Exception;
}
