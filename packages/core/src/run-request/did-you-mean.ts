// "did you mean --connections?": the nearest known name to a mistyped one, when it is near enough.

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The candidate `input` most likely meant, or "" when none is close (a prefix always is). */
export function suggestion(input: string, candidates: readonly string[]): string {
  const best = candidates
    .map((c) => ({ c, d: c.startsWith(input) ? 0 : editDistance(input, c) }))
    .sort((x, y) => x.d - y.d)[0];
  return best && best.d <= Math.max(2, Math.floor(input.length / 3)) ? best.c : "";
}
