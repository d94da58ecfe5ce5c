import { METEORITE_COUNT, type Meteorite } from "../domain";
import { SEED } from "./dataset-seed";
import { createRandom, type Seed, type SeededRandom } from "./seeded-random";
import { PLACE_SUFFIXES, RECCLASSES, SYLLABLES } from "./word-lists";

/** Study 003: about 1.2% of the NASA records have no geolocation (12 of 1000, exactly). */
export const MISSING_GEOLOCATION_SHARE = 0.012;

function placeName(random: SeededRandom): string {
  const syllables = random.int(2, 4);
  let name = "";
  for (let i = 0; i < syllables; i++) name += random.pick(SYLLABLES);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "Fell" names are places ("Kerobu"); most finds are numbered ("Alinda Hills 84001"), as in the data set. */
function meteoriteName(random: SeededRandom, fell: boolean): string {
  const place = placeName(random);
  if (fell) return random.chance(0.3) ? `${place} ${random.pick(PLACE_SUFFIXES)}` : place;
  return `${place} ${random.pick(PLACE_SUFFIXES)} ${random.int(100, 99_999)}`;
}

/**
 * Study 003's meteorite landings: ~245 KB as the JSON list `{items: [...]}` for 1000 records, with
 * geolocation null for exactly round(count * 1.2%) of them (chosen by the seed, not at random).
 * Where the geolocation is missing, reclat/reclong are 0 (proto3's default, so both protocols agree).
 */
export function generateMeteorites(count: number = METEORITE_COUNT, seed: Seed = SEED): Meteorite[] {
  const random = createRandom(`${seed}:meteorites`);
  const missing = new Set(random.sample(count, Math.round(count * MISSING_GEOLOCATION_SHARE)));
  return Array.from({ length: count }, (_, index) => {
    const fell = random.chance(0.15);
    const name = meteoriteName(random, fell);
    const lat = random.float(-90, 90, 6);
    const lon = random.float(-180, 180, 6);
    // Grams from 0.1 g to ~100 t, spread over orders of magnitude like the real catalogue. Built as
    // a decimal string ("4821e-2") because parsing is exactly specified and Math.pow is not.
    const mass = Number(`${random.int(1000, 9999)}e${random.int(-4, 4)}`);
    const located = !missing.has(index);
    return {
      id: index + 1,
      name,
      fall: fell ? "Fell" : "Found",
      geolocation: located ? { type: "Point", coordinates: [lon, lat] } : null,
      mass,
      nametype: random.chance(0.01) ? "Relict" : "Valid",
      recclass: random.pick(RECCLASSES),
      reclat: located ? lat : 0,
      reclong: located ? lon : 0,
      year: `${random.int(1800, 2013)}-01-01T00:00:00.000`,
    };
  });
}
