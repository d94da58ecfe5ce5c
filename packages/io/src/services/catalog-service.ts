import { type AnyShape, type Item, type ShapeKind } from "@relix/core";
import type { Repository } from "../repository/repository";
import type { CallContext } from "@relix/core/calls/call-context";

/** Study 000 (items) and study 002 (shapes): reads through the cache-aside repository. */

export function createCatalogService(repository: Repository) {
  return {
    getItem: (id: number, ctx: CallContext): Promise<Item> => repository.getItem(id, ctx.cacheMode),
    /** One cache entry per count: a list of 10 and a list of 10,000 are different answers. */
    listItems: async (limit: number, ctx: CallContext) => ({ items: await repository.listItems(limit, ctx.cacheMode) }),
    getShape: (kind: ShapeKind, id: number, ctx: CallContext): Promise<AnyShape> =>
      repository.getShape(kind, id, ctx.cacheMode),
    listShapes: async (kind: ShapeKind, ctx: CallContext) => ({
      items: await repository.listShapes(kind, ctx.cacheMode),
    }),
  };
}
