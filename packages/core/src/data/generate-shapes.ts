import {
  SHAPE_ROWS,
  type Deep,
  type Deeper,
  type Deepest,
  type Depth,
  type Large,
  type Medium,
  type ShapeKind,
  type ShapeOf,
  type Small,
} from "../domain";
import { SEED } from "./dataset-seed";
import { createRandom, type Seed, type SeededRandom } from "./seeded-random";
import { LOREM } from "./word-lists";

// Study 002: strings of 15-25 characters, int32 numbers, doubles. Doubles keep four decimals so
// they print identically from JavaScript, MySQL's JSON type and MariaDB's text JSON.
const INT32_MAX = 2 ** 31 - 1;

/** The four scalars every Medium, Large and DepthN starts with. */
function scalars(random: SeededRandom, id: number) {
  return {
    id,
    text: random.text(LOREM, 15, 25),
    number: random.int(-INT32_MAX - 1, INT32_MAX),
    decimal: random.float(-100_000, 100_000, 4),
  };
}

type Ids = () => number;

/**
 * Nested objects are numbered row * 1000 + 1, + 2, ... in generation order: distinct within a row,
 * and small enough for proto's uint32 (a Large row holds 43 objects, a Deepest row 25).
 */
function idsFor(row: number): Ids {
  let next = row * 1000;
  return () => ++next;
}

function small(random: SeededRandom, id: number): Small {
  return {
    id,
    text1: random.text(LOREM, 15, 25),
    text2: random.text(LOREM, 15, 25),
    text3: random.text(LOREM, 15, 25),
    number1: random.int(-INT32_MAX - 1, INT32_MAX),
    number2: random.int(-INT32_MAX - 1, INT32_MAX),
    number3: random.int(-INT32_MAX - 1, INT32_MAX),
    decimal1: random.float(-100_000, 100_000, 4),
    decimal2: random.float(-100_000, 100_000, 4),
    decimal3: random.float(-100_000, 100_000, 4),
  };
}

function medium(random: SeededRandom, id: number, ids: Ids): Medium {
  return {
    ...scalars(random, id),
    small1: small(random, ids()),
    small2: small(random, ids()),
    small3: small(random, ids()),
    small4: small(random, ids()),
    small5: small(random, ids()),
    small6: small(random, ids()),
  };
}

function large(random: SeededRandom, id: number, ids: Ids): Large {
  return {
    ...scalars(random, id),
    medium1: medium(random, ids(), ids),
    medium2: medium(random, ids(), ids),
    medium3: medium(random, ids(), ids),
    medium4: medium(random, ids(), ids),
    medium5: medium(random, ids(), ids),
    medium6: medium(random, ids(), ids),
  };
}

/** DepthN: four scalars and, below level one, a Depth(N-1) child. */
function depth(random: SeededRandom, level: number, id: number, ids: Ids): Depth {
  const node: Depth = scalars(random, id);
  if (level > 1) node.child = depth(random, level - 1, ids(), ids);
  return node;
}

const deep = (random: SeededRandom, id: number, ids: Ids): Deep => ({
  id,
  one: depth(random, 1, ids(), ids),
  two: depth(random, 2, ids(), ids),
  three: depth(random, 3, ids(), ids),
});
const deeper = (random: SeededRandom, id: number, ids: Ids): Deeper => ({
  id,
  four: depth(random, 4, ids(), ids),
  five: depth(random, 5, ids(), ids),
  six: depth(random, 6, ids(), ids),
});
const deepest = (random: SeededRandom, id: number, ids: Ids): Deepest => ({
  id,
  seven: depth(random, 7, ids(), ids),
  eight: depth(random, 8, ids(), ids),
  nine: depth(random, 9, ids(), ids),
});

const builders: { [K in ShapeKind]: (random: SeededRandom, id: number, ids: Ids) => ShapeOf[K] } = {
  small,
  medium,
  large,
  deep,
  deeper,
  deepest,
};

/** Study 002's table for one shape kind: SHAPE_ROWS rows with ids 1..SHAPE_ROWS. */
export function generateShapes<K extends ShapeKind>(kind: K, seed: Seed = SEED): ShapeOf[K][] {
  const random = createRandom(`${seed}:shapes:${kind}`);
  const build = builders[kind];
  return Array.from({ length: SHAPE_ROWS }, (_, index) => build(random, index + 1, idsFor(index + 1)));
}
