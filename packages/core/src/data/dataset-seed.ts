import type { Seed } from "./seeded-random";

/** The one seed of the canonical data set: every table, the embedded store and the runner use it. */
export const SEED: Seed = "relix-2025";

/**
 * Bump when a generator's output changes (the fingerprint test in dataset.test.ts says when). The
 * version is written to relix_seed, so a database seeded by an older generator is re-seeded.
 */
export const DATASET_VERSION = "data-v2";

/** Study 000 serves 1000 items (the shape and meteorite counts live in the domain). */
export const ITEM_COUNT = 1000;
