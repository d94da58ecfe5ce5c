import type { LeftOutRun } from "@/server/compared-runs";

/** One warning per run the comparison had to leave out. */
export function LeftOutRuns({ problems }: { problems: readonly LeftOutRun[] }) {
  return (
    <>
      {problems.map((p) => (
        <div key={p.id} className="banner banner-warn">
          Run <code>{p.id}</code> left out: {p.problem}.
        </div>
      ))}
    </>
  );
}
