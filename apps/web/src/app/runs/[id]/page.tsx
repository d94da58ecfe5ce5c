import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunExports } from "@/components/run-page/RunExports";
import { RunHeader } from "@/components/run-page/RunHeader";
import { RunStage } from "@/components/run-page/RunStage";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { resultOfRun, type ResultOutcome } from "@/server/run-result";
import { runner, type RunView } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";
import { webEnv } from "@/server/env";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const publicUrl = webEnv().WEB_PUBLIC_URL;
  // The preview image route (opengraph-image.tsx) is named from this base in og:image.
  return { title: `Run ${id.slice(0, 12)}`, ...(publicUrl ? { metadataBase: new URL(publicUrl) } : {}) };
}

/** The permalink: live while the run is queued or running, the report once it is done. */
export default async function RunPage({ params }: Params) {
  const { id } = await params;
  let run: RunView | null;
  try {
    run = await runner().getRun(id);
  } catch (error) {
    const message = explainRunnerError(error);
    if (message === null) throw error;
    return <RunnerDown message={message} />;
  }
  if (!run) notFound();

  let outcome: ResultOutcome | null = null;
  if (run.status === "done") outcome = await resultOfRun(runner(), run);
  const preset = run.preset ?? (typeof run.spec?.preset === "string" ? run.spec.preset : null);

  return (
    <>
      <RunHeader run={run} preset={preset}>
        {run.status === "done" && outcome?.ok ? <RunExports id={id} result={outcome.result} /> : null}
      </RunHeader>
      <RunStage run={run} outcome={outcome} preset={preset} />
    </>
  );
}
