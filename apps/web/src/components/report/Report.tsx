import type { RunResult } from "@relix/core/result/result-schema";
import { findingsOf } from "@/lib/report/run-description";
import { CacheSection } from "./CacheSection";
import { CellsSection } from "./CellsSection";
import { EnvironmentSection } from "./EnvironmentSection";
import { FindingWarnings } from "./FindingsPanel";
import { GeneratorsSection } from "./GeneratorsSection";
import { OverviewSection } from "./OverviewSection";
import { PlacementsSection } from "./PlacementsSection";
import { PresetNotesSection } from "./PresetNotesSection";
import { PublishedSection } from "./PublishedSection";
import { ResourcesSection } from "./ResourcesSection";
import { StacksSection } from "./StacksSection";
import { SweepSection } from "./SweepSection";
import { VerdictSection } from "./VerdictSection";

/** The finished run, server-rendered: what to beware of, verdicts, then the evidence for each. */
export function Report({ result }: { result: RunResult }) {
  const findings = findingsOf(result);
  return (
    <div data-testid="report">
      <FindingWarnings findings={findings} />
      <VerdictSection result={result} first={!findings.some((f) => f.severity === "warning")} />
      <PresetNotesSection result={result} />
      <SweepSection result={result} />
      <PlacementsSection result={result} />
      <OverviewSection result={result} />
      <CellsSection result={result} />
      <StacksSection result={result} />
      <CacheSection result={result} />
      <ResourcesSection result={result} />
      <GeneratorsSection result={result} findings={findings} />
      <PublishedSection result={result} />
      <EnvironmentSection result={result} findings={findings} />
    </div>
  );
}
