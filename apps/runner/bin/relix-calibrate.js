#!/usr/bin/env node
// `pnpm bench:calibrate`: runs the TypeScript CLI with no build step. tsx's loader is registered in this
// process rather than spawning `tsx` as a second one, so Ctrl-C reaches the CLI's own handler
// (which stops the run and the services cleanly) instead of a parent that kills it.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/calibrate-main.ts");
