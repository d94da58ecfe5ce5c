import type { Item, Meteorite, ShapeKind, ShapeOf } from "../domain";
import { shapeKinds } from "../domain";
import { DATASET_VERSION, SEED } from "./dataset-seed";
import { generateJpeg } from "./generate-image";
import { generateItems } from "./generate-items";
import { generateMeteorites } from "./generate-meteorites";
import { generateShapes } from "./generate-shapes";
import type { Seed } from "./seeded-random";

export { DATASET_VERSION, ITEM_COUNT, SEED } from "./dataset-seed";

export type ShapeTables = { readonly [K in ShapeKind]: readonly ShapeOf[K][] };

/**
 * Everything the benchmark serves, generated from one seed. Deeply frozen: the embedded store and
 * the runner share these objects, so a caller that mutates one gets a TypeError instead of silently
 * changing every later response.
 */
export interface Dataset {
  readonly seed: Seed;
  /** Written to relix_seed; a database holding another version is re-seeded. */
  readonly version: string;
  readonly items: readonly Item[];
  readonly shapes: ShapeTables;
  readonly meteorites: readonly Meteorite[];
  /** Study 004's JPEG, encoded on first use (it takes a fraction of a second); a fresh copy each call. */
  jpeg(): Buffer;
}

const datasets = new Map<string, Dataset>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const datasetVersion = (seed: Seed) => `${DATASET_VERSION}:${String(seed)}`;

/** The data set for `seed` (the canonical SEED by default), generated once per process. */
export function getDataset(seed: Seed = SEED): Dataset {
  const key = String(seed);
  let dataset = datasets.get(key);
  if (!dataset) {
    const shapes = Object.fromEntries(shapeKinds.map((kind) => [kind, generateShapes(kind, seed)]));
    dataset = {
      seed,
      version: datasetVersion(seed),
      items: deepFreeze(generateItems(undefined, seed)),
      shapes: deepFreeze(shapes) as unknown as ShapeTables,
      meteorites: deepFreeze(generateMeteorites(undefined, seed)),
      jpeg: () => generateJpeg(seed),
    };
    datasets.set(key, Object.freeze(dataset));
  }
  return dataset;
}
