import type { ShapeKind } from "@relix/core";

/**
 * The one key builder. Versioned so a change of data layout never reads stale shapes.
 */
const PREFIX = "relix:v1";

export const cacheKeys = {
  item: (id: number) => `${PREFIX}:item:${id}`,
  itemList: (limit: number) => `${PREFIX}:items:${limit}`,
  shape: (kind: ShapeKind, id: number) => `${PREFIX}:shape:${kind}:${id}`,
  shapeList: (kind: ShapeKind) => `${PREFIX}:shapes:${kind}`,
  meteorites: () => `${PREFIX}:meteorites`,
};
