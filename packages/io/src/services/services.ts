import type { WorkloadServices } from "@relix/core";
import type { Repository } from "../repository/repository";
import { createBenchService } from "./bench-service";
import { createCatalogService } from "./catalog-service";
import { createComputeService } from "./compute-service";
import { createMeteoriteService } from "./meteorite-service";

/**
 * The business logic both transports call: the same functions, so "identical logic" is literal.
 * `satisfies` holds it to the contract the catalog's handlers are written against.
 */
export function createServices(repository: Repository) {
  const services = {
    catalog: createCatalogService(repository),
    meteorites: createMeteoriteService(repository),
    bench: createBenchService(),
    compute: createComputeService(),
  } satisfies WorkloadServices;
  return { ...services, repository };
}
export type Services = ReturnType<typeof createServices>;
