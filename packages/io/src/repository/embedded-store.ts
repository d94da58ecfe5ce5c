import type { AnyShape, Item, Meteorite, ShapeKind } from "@relix/core";
import { getDataset, type Dataset } from "@relix/core/data/dataset";
import type { DataStore } from "./data-store";

/**
 * The DataStore of last resort: the generated data set held in memory, for `pnpm bench` on a
 * machine with no MySQL (every result says so). Same rows as a seeded database; the objects are
 * the data set's own, deeply frozen, so they must be serialised, never modified.
 */
export function createEmbeddedStore(dataset: Dataset = getDataset()): DataStore {
  const itemsById = new Map<number, Item>(dataset.items.map((item) => [item.id, item]));
  const shapesById = new Map<ShapeKind, Map<number, AnyShape>>(
    Object.entries(dataset.shapes).map(([kind, rows]) => [
      kind as ShapeKind,
      new Map<number, AnyShape>(rows.map((row) => [row.id, row])),
    ]),
  );
  let closed = false;
  const open = () => {
    if (closed) throw new Error("embedded store is closed");
  };

  return {
    kind: "embedded",
    async getItem(id) {
      open();
      return itemsById.get(id) ?? null;
    },
    async listItems(limit) {
      open();
      return dataset.items.slice(0, Math.max(0, Math.trunc(limit) || 0));
    },
    async getShape(kind, id) {
      open();
      return shapesById.get(kind)?.get(id) ?? null;
    },
    async listShapes(kind) {
      open();
      return [...(dataset.shapes[kind] ?? [])];
    },
    async listMeteorites(): Promise<Meteorite[]> {
      open();
      return [...dataset.meteorites];
    },
    async ping() {
      open();
    },
    async close() {
      closed = true;
    },
  };
}
