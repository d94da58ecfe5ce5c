// Entry point of `pnpm bench:calibrate` (bin/relix-calibrate.js loads it through tsx).
import { runCalibration } from "./calibrate";

const code = await runCalibration(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  // Imported here, not at the top: --help and flag errors should not wait for the engine.
  loadEngine: async (env) => (await import("../engine/engine-from-env")).calibrationEngine(env),
  onSignal: (signal, handler) => {
    process.on(signal, handler);
    return () => process.off(signal, handler);
  },
});
process.exitCode = code;
setTimeout(() => process.exit(code), 3_000).unref();
