/**
 * The conformance of another runtime's stacks (Java: spring, grpc-java; Python: fastapi, flask,
 * grpcio) against the Node ones, each server started once for its test file by its start script
 * (runtime-servers.ts) beside the Node services in this process (stack.ts), all over the same
 * Redis and database. Each group of checks is a module of runtime-checks/:
 * - the same data as grpc-js for every workload the stack serves, in every cache mode it uses;
 * - the same refusals of bad input as the Node stack of its family (express, grpc-js);
 * - the cache mode and server delay of each request honoured, and the delay's bound refused alike;
 * - /healthz, /readyz, and /stats counting the calls made, with server time, CPU and peak RSS;
 * - a workload it does not serve refused before a run (the runner's rule) and unanswered by it;
 * - SIGTERM: calls in flight answered, then the process exits on its own.
 * Where a Node stack answers the same input, its answer at the time of the test is the expectation,
 * never a copy of it.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { stacksOfRuntime } from "@relix/core";
import type { StackAddresses } from "./http-stack-client";
import { describeBadInput } from "./runtime-checks/bad-input";
import { describeCacheModeAndDelay } from "./runtime-checks/cache-and-delay";
import { describeOperations } from "./runtime-checks/operations";
import { describeSameData } from "./runtime-checks/same-data";
import { describeSigterm } from "./runtime-checks/sigterm";
import type { RuntimeSuite } from "./runtime-checks/suite";
import { describeUnservedWorkloads } from "./runtime-checks/unserved-workloads";
import { runtimeNotBuilt, startRuntimeServers, type OtherRuntime, type RuntimeServers } from "./runtime-servers";
import { databaseUrl, startStack, type Stack } from "./stack";

/** Declares the whole suite for one runtime; skipped, saying why, when its servers are not built here. */
export function describeRuntimeConformance(runtime: OtherRuntime): void {
  const stacks = stacksOfRuntime(runtime);
  const notBuilt = runtimeNotBuilt(runtime);
  if (notBuilt) {
    console.warn(`skipping the ${runtime} stacks' conformance: ${notBuilt}`);
    describe.skip(`${runtime} stacks: ${notBuilt}`, () => {
      it(`answer as the Node stacks do (${stacks.join(", ")})`, () => {});
    });
    return;
  }

  let node: Stack;
  let servers: RuntimeServers;
  let all: StackAddresses;
  beforeAll(async () => {
    // One database for both, seeded once (the other runtime's servers do not seed).
    const mysqlUrl = databaseUrl(`relix_${runtime}_stacks`);
    node = await startStack({ MYSQL_URL: mysqlUrl });
    servers = await startRuntimeServers(runtime, mysqlUrl);
    all = { addresses: { ...node.addresses, ...servers.addresses } };
  }, 180_000);
  afterAll(async () => {
    await servers?.stop();
    await node?.close();
  }, 30_000);

  // Read by the checks inside their tests, once beforeAll has started the servers.
  const suite: RuntimeSuite = {
    runtime,
    stacks,
    get node() {
      return node;
    },
    get servers() {
      return servers;
    },
    get all() {
      return all;
    },
  };
  describeSameData(suite);
  describeBadInput(suite);
  describeCacheModeAndDelay(suite);
  describeOperations(suite);
  describeUnservedWorkloads(suite);
  // Last: it stops the runtime's servers.
  describeSigterm(suite);
}
