import type { Metadata } from "next";
import Link from "next/link";
import { CompareRunsForm } from "@/components/runs/CompareRunsForm";
import { ImportResultSection } from "@/components/runs/ImportResultSection";
import { RunnerDown } from "@/components/ui/RunnerDown";
import type { RunSummary } from "@relix/core/runner-api/runs";
import { runner } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Runs" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function RunsPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const preselected = typeof params.compare === "string" ? params.compare : null;
  const importError = typeof params.import_error === "string" ? params.import_error : null;
  let runs: RunSummary[] | null = null;
  let down: string | null = null;
  try {
    runs = await runner().listRuns();
  } catch (error) {
    down = explainRunnerError(error);
    if (down === null) throw error;
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Runs</h1>
          <p>Every run is a permalink. Tick two or more finished runs to compare them side by side.</p>
        </div>
        <Link className="btn btn-primary" href="/">
          New run
        </Link>
      </div>

      {down !== null ? <RunnerDown message={down} /> : null}
      {runs !== null ? <CompareRunsForm runs={runs} preselected={preselected} /> : null}
      <ImportResultSection error={importError} />
    </>
  );
}
