import type { AnyShape, Item, Meteorite, ShapeKind } from "@relix/core";

/**
 * The system of record (MySQL in every real run; an in-memory store only as the labelled
 * fallback of `pnpm bench` on a machine with no database). Returns null for an unknown id.
 */
export interface DataStore {
  readonly kind: "mysql" | "embedded";
  getItem(id: number): Promise<Item | null>;
  listItems(limit: number): Promise<Item[]>;
  getShape(kind: ShapeKind, id: number): Promise<AnyShape | null>;
  listShapes(kind: ShapeKind): Promise<AnyShape[]>;
  listMeteorites(): Promise<Meteorite[]>;
  /** Cheap reachability probe for /readyz and the Health service. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
