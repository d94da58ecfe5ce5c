package relix.common.services;

import relix.common.repository.CatalogRepository;

/** The business logic every Java transport calls: the same objects, so "identical logic" is literal. */
public record Services(CatalogRepository repository, CatalogService catalog, BenchService bench, MathService math) {
  public static Services over(CatalogRepository repository) {
    return new Services(repository, new CatalogService(repository), new BenchService(), new MathService());
  }
}
