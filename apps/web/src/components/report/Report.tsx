import { groupFindings } from "@relix/core/render/findings/finding-groups";
import { answerOf } from "@relix/core/render/answer/answer";
import type { RunResult } from "@relix/core/result/result-schema";
import { findingsOf } from "@/lib/report/run-description";
import { AnswerSection } from "./answer/AnswerSection";
import { CacheSection } from "./overview/CacheSection";
import { CellsSection } from "./cells/CellsSection";
import { EnvironmentSection } from "./setup/EnvironmentSection";
import { FindingsSection } from "./answer/FindingsSection";
import { GeneratorsSection } from "./setup/GeneratorsSection";
import { OverviewSection } from "./overview/OverviewSection";
import { PlacementsSection } from "./placements/PlacementsSection";
import { PresetNotesSection } from "./study/PresetNotesSection";
import { PublishedSection } from "./study/PublishedSection";
import { ReportIndex } from "./ReportIndex";
import { ResourcesSection } from "./overview/ResourcesSection";
import { StacksSection } from "./stacks/StacksSection";
import { SweepSection } from "./sweep/SweepSection";
import { VerdictSection } from "./answer/VerdictSection";

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
