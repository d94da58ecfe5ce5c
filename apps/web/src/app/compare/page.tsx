import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { compareCells, parseRunIds, specDifferences } from "@/lib/compare/compare-rows";
import { CompareCellsTable } from "@/components/compare/CompareCellsTable";
import { CompareHowTo } from "@/components/compare/CompareHowTo";
import { CompareRunsTable } from "@/components/compare/CompareRunsTable";
import { CompareSpeedupCharts } from "@/components/compare/CompareSpeedupCharts";
import { CompareStacks } from "@/components/compare/CompareStacks";
import { CompareSweeps } from "@/components/compare/CompareSweeps";
import { LeftOutRuns } from "@/components/compare/LeftOutRuns";
import { SpecDifferences } from "@/components/compare/SpecDifferences";
import { loadComparedRuns } from "@/server/compared-runs";
import { explainRunnerError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare runs" };

const MAX_RUNS = 6;

/** Two or more runs side by side; the run ids live in the URL, so the comparison is a permalink too. */
export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const ids = parseRunIds(params.runs).slice(0, MAX_RUNS);
  const canonical = ids.join(",");
  if (params.runs !== undefined && params.runs !== canonical)
    redirect(`/compare?runs=${ids.map(encodeURIComponent).join(",")}`);

  if (ids.length < 2) return <CompareHowTo />;

  let compared: Awaited<ReturnType<typeof loadComparedRuns>>;
  try {
    compared = await loadComparedRuns(ids);
  } catch (error) {
    const message = explainRunnerError(error);
    if (message === null) throw error;
    return <RunnerDown message={message} />;
  }
  const { runs, problems } = compared;
  const cells = compareCells(runs);
  const runNames = runs.map((r, i) => `#${i + 1} ${r.id.slice(0, 8)}`);

  return (
    <div data-testid="compare">
      <div className="page-head">
        <div>
          <h1>Compare {runs.length} runs</h1>
          <p>
            Same workload and cache mode lined up across runs. This page&apos;s URL is the comparison&apos;s permalink.
          </p>
        </div>
      </div>
      <LeftOutRuns problems={problems} />
      <CompareRunsTable runs={runs} />
      <SpecDifferences differences={specDifferences(runs)} />
      <CompareSweeps runs={runs} runNames={runNames} />
      <CompareSpeedupCharts cells={cells} runNames={runNames} />
      <CompareStacks cells={cells} runNames={runNames} />
      <CompareCellsTable cells={cells} runNames={runNames} />
    </div>
  );
}
