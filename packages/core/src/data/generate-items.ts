import type { Item } from "../domain";
import { ITEM_COUNT, SEED } from "./dataset-seed";
import { createRandom, type Seed } from "./seeded-random";
import { ADJECTIVES, NOUNS, TAGS } from "./word-lists";

// Timestamps stay inside 2024-2025 so every item's JSON has the same width (13-digit epoch ms).
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2025, 11, 31, 23, 59, 59, 999);

/**
 * Study 000's records: about 110 B each as JSON and about 80 B as protobuf (id, a two-word name, a
 * price with two decimals, one or two short tags, the creation time in epoch milliseconds, the size
 * in cm and the weight in kg).
 */
export function generateItems(count: number = ITEM_COUNT, seed: Seed = SEED): Item[] {
  const random = createRandom(`${seed}:items`);
  return Array.from({ length: count }, (_, index) => {
    // One or two tags: keeps the typical record near 110 B of JSON.
    const tagCount = random.pick([1, 1, 2]);
    const tags = random.sample(TAGS.length, tagCount).map((i) => TAGS[i]!);
    const createdAt = random.int(FROM, TO - 1);
    return {
      id: index + 1,
      name: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`,
      price: random.float(1, 100, 2),
      tags,
      createdAt,
      dims: [random.int(1, 60), random.int(1, 60), random.int(1, 30)],
      weight: random.float(0.1, 10, 1),
    };
  });
}
