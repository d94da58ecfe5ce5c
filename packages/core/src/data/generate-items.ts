import type { Item } from "../domain";
import { ITEM_COUNT, SEED } from "./dataset-seed";
import { createRandom, type Seed } from "./seeded-random";
import { ADJECTIVES, NOUNS, TAGS } from "./word-lists";

// Timestamps stay inside 2024-2025 so every item's JSON has the same width (13-digit epoch ms).
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2025, 11, 31, 23, 59, 59, 999);

/**
 * Study 000's records: about 110 B each as JSON (id, a two-word name, a price with two decimals,
 * one to three short tags, creation and update times in epoch milliseconds).
 */
export function generateItems(count: number = ITEM_COUNT, seed: Seed = SEED): Item[] {
  const random = createRandom(`${seed}:items`);
  return Array.from({ length: count }, (_, index) => {
    // One or two tags mostly, sometimes three: keeps the typical record near 110 B.
    const tagCount = random.pick([1, 1, 1, 2, 2, 3]);
    const tags = random.sample(TAGS.length, tagCount).map((i) => TAGS[i]!);
    const createdAt = random.int(FROM, TO - 1);
    return {
      id: index + 1,
      name: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`,
      price: random.float(1, 100, 2),
      tags,
      createdAt,
      updatedAt: random.int(createdAt, TO),
    };
  });
}
