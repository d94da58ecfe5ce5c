// Entry point of `pnpm bench` (bin/relix-bench.js loads it through tsx).
import { runCli } from "./run-cli";

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  // Imported here, not at the top: --help and flag errors should not wait for (or depend on)
  // autocannon, grpc-js and the database drivers.
  loadEngine: async (env) => {
    await (await import("./leftovers")).claimStateDir(env, process.stderr);
    return (await import("../engine/engine-from-env")).engineFromEnv(env);
  },
  onSignal: (signal, handler) => {
    process.on(signal, handler);
    return () => process.off(signal, handler);
  },
  forceExit: (exitCode) => process.exit(exitCode),
});
process.exitCode = code;
// The engine closes what it started; should a stray handle still hold the event loop, leave anyway
// (unref: this timer alone never keeps the process alive, so a clean exit is not delayed).
setTimeout(() => process.exit(code), 3_000).unref();
