import { z } from "zod";

/** Study 003's meteorite landing record. */
export const geolocationSchema = z.object({
  type: z.string(),
  coordinates: z.array(z.number()),
});

export const meteoriteSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string(),
  fall: z.string(),
  // Missing for ~1.2% of records; null on both protocols when absent.
  geolocation: geolocationSchema.nullable(),
  mass: z.number(),
  nametype: z.string(),
  recclass: z.string(),
  reclat: z.number(),
  reclong: z.number(),
  year: z.string(),
});
export type Meteorite = z.infer<typeof meteoriteSchema>;

export const meteoriteListSchema = z.object({ items: z.array(meteoriteSchema) });
export type MeteoriteList = z.infer<typeof meteoriteListSchema>;

export const uploadMeteoritesReplySchema = z.object({ status: z.string(), count: z.number().int() });
export const versionReplySchema = z.object({ version: z.string() });

/** How many meteorite landings the data set holds (study 003: 1000, ~245 KB as JSON). */
export const METEORITE_COUNT = 1000;
