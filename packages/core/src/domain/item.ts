import { z } from "zod";

/** Study 000's record: about 110 B as JSON, about 80 B as protobuf. */
export const itemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Item = z.infer<typeof itemSchema>;

/** How many items a list holds (item.list, item.stream). */
export const ITEM_LIST_LIMIT = 100;

export const itemListSchema = z.object({ items: z.array(itemSchema) });
export type ItemList = z.infer<typeof itemListSchema>;
