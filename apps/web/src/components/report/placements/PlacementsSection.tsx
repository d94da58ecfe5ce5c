import { describeEmulatorOverhead, placementGroups, placementVerdicts } from "@relix/core/render/answer/placements";
import type { RunResult } from "@relix/core/result/result-schema";
import { rttSpeedupSeries } from "@/lib/report/placement-rows";
import { PlacementsTable } from "./PlacementsTable";
import { RttSpeedupCard } from "./RttSpeedupCard";

/**
 * A run measured under several network placements: each placement's target and measured RTT (or
 * why it was refused), the verdict in words per workload, and per workload the speedup against
 * the RTT. Absent for a run on loopback alone.
 */
export function PlacementsSection({ result }: { result: RunResult }) {
  const groups = placementGroups(result);
  if (groups.length === 0) return null;
  const verdicts = placementVerdicts(result);
  const series = rttSpeedupSeries(result);
  const overhead = describeEmulatorOverhead(result.emulatorOverhead, result.placements);
  return (
    <section className="section" data-testid="placements">
      <h2>Network placements</h2>
      <PlacementsTable groups={groups} />
      <ul className="small" style={{ marginTop: 12 }} data-testid="placement-verdicts">
        {verdicts.map((v) => (
          <li key={`${v.workload}|${v.cacheMode}`}>{v.text}</li>
        ))}
      </ul>
      {overhead.map((line) => (
        <p key={line} className="muted small" data-testid="emulator-overhead">
          {line}
        </p>
      ))}
      <div className="grid-2" style={{ marginTop: 12 }}>
        {series.map((s) => (
          <RttSpeedupCard key={s.key} series={s} />
        ))}
      </div>
    </section>
  );
}
