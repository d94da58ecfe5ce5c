import { buildResult } from "../fixtures/build-result";
import { withPublishedFigures } from "@relix/core/presets/published-figures";
import { FakeRunner } from "./fake-runner";

// `pnpm --filter @relix/web fake-runner`: the fake runner on RUNNER_PORT (default 4000), with two
// finished runs already in it, for `next dev` work without the real stack.
const runner = new FakeRunner({
  port: Number(process.env.RUNNER_PORT ?? 4000),
  tickMs: Number(process.env.FAKE_TICK_MS ?? 1000),
});
const url = await runner.listen();
runner.addFinished(
  withPublishedFigures(
    buildResult(
      {
        preset: "quick",
        workloads: ["noop", "item.get", "meteorites.get", "stream"],
        cacheModes: ["warm", "cold"],
        trials: 3,
        durationMs: 2000,
        warmupMs: 500,
      },
      { seed: 1 },
    ),
  ),
);
runner.addFinished(
  withPublishedFigures(
    buildResult(
      {
        preset: "study-001",
        workloads: ["echo", "stream", "upload"],
        connections: 25,
        trials: 3,
        durationMs: 10_000,
        serverDelayMs: 10,
      },
      { seed: 2 },
    ),
  ),
);
console.log(`fake runner on ${url}`);
const stop = () => void runner.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
