import type { Seed } from "./seeded-random";

/** The one seed of the canonical data set: every table, the embedded store and the runner use it. */
export const SEED: Seed = "relix-2025";

/**
 * Bump when a generator's output changes (the fingerprint test in dataset.test.ts says when). The
 * version is written to relix_seed, so a database seeded by an older generator is re-seeded.
 */
export const DATASET_VERSION = "data-v3";

/**
 * Items in the table: item.list and item.stream answer up to 10,000 records (the spec's `records`),
 * each a distinct row. item.get still cycles through the first 1000, study 000's ids; the generator
 * draws in order, so those are the very records a 1000-item table held (the shape and meteorite
 * counts live in the domain).
 */
export const ITEM_COUNT = 10_000;
