/** How much the store keeps (RUNNER_RESULTS_MAX_COUNT / RUNNER_RESULTS_MAX_BYTES); null = no limit. */
export interface RetentionLimits {
  /** Results kept at most. */
  maxCount: number | null;
  /** Bytes of result documents kept at most (each counted once, as the store holds it). */
  maxBytes: number | null;
}

export const NO_RETENTION_LIMITS: RetentionLimits = { maxCount: null, maxBytes: null };

/** A stored result ('done' run) as retention weighs it. */
export interface StoredResultSize {
  id: string;
  /** When it was imported (epoch ms); null for a run measured by this runner. */
  importedAt: number | null;
  /** When it finished (epoch ms; for an import, when it was measured). */
  finishedAt: number;
  /** The stored document's size in bytes. */
  bytes: number;
}

/**
 * The results to remove so that the rest fit the limits: the oldest imports first (copies of
 * measurements made elsewhere, whose originals exist elsewhere), then the oldest runs measured
 * here. `keep` (the result just stored) is never removed, even when it alone passes maxBytes: a
 * 201 with a permalink that is already gone would be a lie.
 */
export function resultsToRemove(
  stored: readonly StoredResultSize[],
  limits: RetentionLimits,
  keep: ReadonlySet<string> = new Set(),
): string[] {
  let count = stored.length;
  let bytes = stored.reduce((sum, result) => sum + result.bytes, 0);
  const over = () =>
    (limits.maxCount !== null && count > limits.maxCount) || (limits.maxBytes !== null && bytes > limits.maxBytes);
  if (!over()) return [];

  const imports = stored.filter((r) => r.importedAt !== null).sort(by((r) => r.importedAt!));
  const measured = stored.filter((r) => r.importedAt === null).sort(by((r) => r.finishedAt));
  const removed: string[] = [];
  for (const result of [...imports, ...measured]) {
    if (!over()) break;
    if (keep.has(result.id)) continue;
    removed.push(result.id);
    count -= 1;
    bytes -= result.bytes;
  }
  return removed;
}

/** Oldest first; ties by id, so that every call picks the same ones. */
function by(time: (result: StoredResultSize) => number) {
  return (a: StoredResultSize, b: StoredResultSize) => time(a) - time(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
