import { z } from "zod";

/** Study 002's wide and deep objects. Field names match proto/relix/v1/shapes.proto (camelCase). */
export const smallSchema = z.object({
  id: z.number().int(),
  text1: z.string(),
  text2: z.string(),
  text3: z.string(),
  number1: z.number().int(),
  number2: z.number().int(),
  number3: z.number().int(),
  decimal1: z.number(),
  decimal2: z.number(),
  decimal3: z.number(),
});
export type Small = z.infer<typeof smallSchema>;

const scalars = {
  id: z.number().int(),
  text: z.string(),
  number: z.number().int(),
  decimal: z.number(),
};

export const mediumSchema = z.object({
  ...scalars,
  small1: smallSchema,
  small2: smallSchema,
  small3: smallSchema,
  small4: smallSchema,
  small5: smallSchema,
  small6: smallSchema,
});
export type Medium = z.infer<typeof mediumSchema>;

export const largeSchema = z.object({
  ...scalars,
  medium1: mediumSchema,
  medium2: mediumSchema,
  medium3: mediumSchema,
  medium4: mediumSchema,
  medium5: mediumSchema,
  medium6: mediumSchema,
});
export type Large = z.infer<typeof largeSchema>;

/** DepthN = four scalars + one Depth(N-1); built by a loop so the nine levels are defined once. */
export interface Depth {
  id: number;
  text: string;
  number: number;
  decimal: number;
  child?: Depth;
}

function depthSchemaOf(level: number): z.ZodType<Depth> {
  if (level === 1) return z.object(scalars);
  return z.object({ ...scalars, child: depthSchemaOf(level - 1) });
}
export const depthSchemas = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(depthSchemaOf);
const depth = (level: number) => depthSchemas[level - 1]!;

export const deepSchema = z.object({ id: z.number().int(), one: depth(1), two: depth(2), three: depth(3) });
export const deeperSchema = z.object({ id: z.number().int(), four: depth(4), five: depth(5), six: depth(6) });
export const deepestSchema = z.object({ id: z.number().int(), seven: depth(7), eight: depth(8), nine: depth(9) });
export type Deep = z.infer<typeof deepSchema>;
export type Deeper = z.infer<typeof deeperSchema>;
export type Deepest = z.infer<typeof deepestSchema>;

export const shapeKinds = ["small", "medium", "large", "deep", "deeper", "deepest"] as const;
export type ShapeKind = (typeof shapeKinds)[number];

export const shapeSchemas = {
  small: smallSchema,
  medium: mediumSchema,
  large: largeSchema,
  deep: deepSchema,
  deeper: deeperSchema,
  deepest: deepestSchema,
} satisfies Record<ShapeKind, z.ZodType>;

export type ShapeOf = {
  small: Small;
  medium: Medium;
  large: Large;
  deep: Deep;
  deeper: Deeper;
  deepest: Deepest;
};
export type AnyShape = ShapeOf[ShapeKind];

/** How many rows each shape table holds (study 002 used 100 per table). */
export const SHAPE_ROWS = 100;
