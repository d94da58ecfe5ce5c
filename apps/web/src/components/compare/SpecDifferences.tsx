import type { specDifferences } from "@/lib/compare/compare-rows";

/** The settings the runs do not share, each with every run's value; absent when they share them all. */
export function SpecDifferences({ differences }: { differences: ReturnType<typeof specDifferences> }) {
  if (differences.length === 0) return null;
  return (
    <div className="banner banner-info section" data-testid="spec-differences">
      <strong>Settings that differ:</strong>{" "}
      {differences.map((d) => `${d.field} (${d.values.map((v, i) => `#${i + 1} ${v}`).join(" vs ")})`).join(" · ")}
    </div>
  );
}
