/** ids 1..keyCount, cycled in this order by both protocols so their cache hit ratios match. */
export const idSequence = (keyCount: number, max: number) =>
  Array.from({ length: Math.max(1, Math.min(keyCount, max)) }, (_, i) => ({ id: i + 1 }));
