package relix.common.services;

import java.util.List;
import relix.common.calls.CallContext;
import relix.common.domain.Item;
import relix.common.repository.CatalogRepository;

/** Study 000's reads through the cache-aside repository: item.get and item.list. */
public final class CatalogService {
  private final CatalogRepository repository;

  public CatalogService(CatalogRepository repository) {
    this.repository = repository;
  }

  public Item getItem(long id, CallContext ctx) throws Exception {
    return repository.getItem(id, ctx.cacheMode());
  }

  /** One cache entry per count: a list of 10 and a list of 10,000 are different answers. */
  public List<Item> listItems(int limit, CallContext ctx) throws Exception {
    return repository.listItems(limit, ctx.cacheMode());
  }
}
