import type { Metadata } from "next";
import { RunForm } from "@/components/new-run/RunForm";
import { RunnerServices } from "@/components/new-run/RunnerServices";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { loadNewRunOptions, type NewRunOptions } from "@/server/new-run-options";
import { runner } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New run" };

export default async function NewRunPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  let options: NewRunOptions;
  try {
    options = await loadNewRunOptions(runner());
  } catch (error) {
    const message = explainRunnerError(error);
    if (message === null) throw error;
    return (
      <>
        <Head />
        <RunnerDown message={message} />
      </>
    );
  }
  const preset = typeof params.preset === "string" ? params.preset : undefined;
  return (
    <>
      <Head />
      <RunnerServices />
      <RunForm
        presets={options.presets}
        workloads={options.workloads}
        bounds={options.bounds}
        defaults={options.defaults}
        cacheModes={options.cacheModes}
        maxTotalRunMs={options.maxTotalRunMs}
        initialPreset={preset}
      />
    </>
  );
}

function Head() {
  return (
    <div className="page-head">
      <div>
        <h1>Is gRPC faster than REST here?</h1>
        <p>
          The same business logic behind Express (HTTP/1.1 + JSON) and grpc-js (HTTP/2 + protobuf), one Redis cache in
          front of MySQL, measured with one latency definition for both. Pick a question, run it, share the link.
        </p>
      </div>
    </div>
  );
}
