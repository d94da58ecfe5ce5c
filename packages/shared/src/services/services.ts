import type { Repository } from "../repository/repository";
import { createBenchService } from "./bench-service";
import { createCatalogService } from "./catalog-service";
import { createComputeService } from "./compute-service";
import { createMeteoriteService } from "./meteorite-service";

/** The business logic both transports call: the same functions, so "identical logic" is literal. */
export function createServices(repository: Repository) {
  return {
    catalog: createCatalogService(repository),
    meteorites: createMeteoriteService(repository),
    bench: createBenchService(),
    compute: createComputeService(),
    repository,
  };
}
export type Services = ReturnType<typeof createServices>;
