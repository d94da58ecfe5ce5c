import { groupFindings } from "@relix/core/findings/finding-groups";
import { answerOf } from "@relix/core/render/answer";
import type { RunResult } from "@relix/core/result/result-schema";
import { findingsOf } from "@/lib/report/run-description";
import { AnswerSection } from "./AnswerSection";
import { CacheSection } from "./CacheSection";
import { CellsSection } from "./CellsSection";
import { EnvironmentSection } from "./EnvironmentSection";
import { FindingsSection } from "./FindingsSection";
import { GeneratorsSection } from "./GeneratorsSection";
import { OverviewSection } from "./OverviewSection";
import { PlacementsSection } from "./PlacementsSection";
import { PresetNotesSection } from "./PresetNotesSection";
import { PublishedSection } from "./PublishedSection";
import { ReportIndex } from "./ReportIndex";
import { ResourcesSection } from "./ResourcesSection";
import { StacksSection } from "./StacksSection";
import { SweepSection } from "./SweepSection";
import { VerdictSection } from "./VerdictSection";

/**
 * The finished run, server-rendered: the answer and its picture first, the findings once per kind
 * folded under it, then every verdict and the evidence for each.
 */
export function Report({ result }: { result: RunResult }) {
  const findings = findingsOf(result);
  const groups = groupFindings(findings, result.cells.length);
  return (
    <div data-testid="report">
      <ReportIndex />
      <AnswerSection
        result={result}
        answer={answerOf(result, groups)}
        refusals={groups.filter((g) => g.weight === "refusal")}
      />
      <FindingsSection groups={groups} />
      <VerdictSection result={result} first={false} />
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
      <EnvironmentSection result={result} />
    </div>
  );
}
