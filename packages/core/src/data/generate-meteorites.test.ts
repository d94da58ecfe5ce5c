import { describe, expect, it } from "vitest";
import { METEORITE_COUNT, meteoriteListSchema } from "../domain";
import { generateMeteorites } from "./generate-meteorites";

describe("generateMeteorites", () => {
  const meteorites = generateMeteorites();

  it("makes 1000 valid records, ids 1..1000", () => {
    expect(meteorites).toHaveLength(METEORITE_COUNT);
    expect(meteoriteListSchema.parse({ items: meteorites }).items).toEqual(meteorites);
    expect(meteorites.map((m) => m.id)).toEqual(Array.from({ length: METEORITE_COUNT }, (_, i) => i + 1));
  });

  it("weighs ~245 KB as the JSON list, like study 003's payload", () => {
    const bytes = Buffer.byteLength(JSON.stringify({ items: meteorites }));
    expect(bytes).toBeGreaterThanOrEqual(240_000);
    expect(bytes).toBeLessThanOrEqual(250_000);
  });

  it("leaves the geolocation null for exactly 12 of 1000 (1.2%), always the same ones", () => {
    const missing = meteorites.filter((m) => m.geolocation === null).map((m) => m.id);
    expect(missing).toHaveLength(12);
    expect(
      generateMeteorites()
        .filter((m) => m.geolocation === null)
        .map((m) => m.id),
    ).toEqual(missing);
    for (const m of meteorites.filter((m) => m.geolocation === null)) {
      expect([m.reclat, m.reclong]).toEqual([0, 0]);
    }
  });

  it("agrees with itself: coordinates are [reclong, reclat], fields take the data set's values", () => {
    for (const m of meteorites) {
      if (m.geolocation) {
        expect(m.geolocation).toEqual({ type: "Point", coordinates: [m.reclong, m.reclat] });
        expect(Math.abs(m.reclat)).toBeLessThanOrEqual(90);
        expect(Math.abs(m.reclong)).toBeLessThanOrEqual(180);
      }
      expect(["Fell", "Found"]).toContain(m.fall);
      expect(["Valid", "Relict"]).toContain(m.nametype);
      expect(m.year).toMatch(/^\d{4}-01-01T00:00:00\.000$/);
      expect(m.mass).toBeGreaterThan(0);
      expect(m.name.length).toBeGreaterThan(0);
    }
    expect(new Set(meteorites.map((m) => m.fall))).toEqual(new Set(["Fell", "Found"]));
  });

  it("keeps 1.2% missing for other counts", () => {
    expect(generateMeteorites(500, "x").filter((m) => m.geolocation === null)).toHaveLength(6);
    expect(generateMeteorites(10, "x").filter((m) => m.geolocation === null)).toHaveLength(0);
  });
});
