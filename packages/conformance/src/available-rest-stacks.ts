/**
 * Every REST stack this machine can serve, started for one test file: the Node ones in this process
 * (stack.ts) and those of each other runtime that is built here (runtime-servers.ts), all over the
 * test Redis and one database of the file's own. A runtime that is not built is left out: a test
 * names its stacks as skipped, with the reason, as the runtimes' own conformance suites do.
 */
import { serviceProcessRecord } from "@relix/core/stacks/service-processes";
import { RUNTIME_BUILDS, type OtherRuntime } from "@relix/core/stacks/runtime-builds";
import { stackIds, stackRecord, type StackId } from "@relix/core/stacks/stacks";
import type { StackAddresses } from "./http-stack-client";
import { runtimeNotBuilt, startRuntimeServers, type RuntimeServers } from "./runtime-servers";
import { databaseUrl, startStack } from "./stack";

const OTHER_RUNTIMES = Object.keys(RUNTIME_BUILDS) as OtherRuntime[];

const runtimeOf = (id: StackId) => serviceProcessRecord(stackRecord(id).process).runtime;

/** The REST stacks of the runtimes built here, in the table's order, and those left out with why. */
export function restStacksBuiltHere(): { stacks: StackId[]; leftOut: Array<{ stack: StackId; reason: string }> } {
  const rest = stackIds.filter((id) => stackRecord(id).family === "rest");
  const reasonOf = (id: StackId) => {
    const runtime = runtimeOf(id);
    return runtime === "node" ? undefined : runtimeNotBuilt(runtime);
  };
  return {
    stacks: rest.filter((id) => reasonOf(id) === undefined),
    leftOut: rest.flatMap((stack) => {
      const reason = reasonOf(stack);
      return reason ? [{ stack, reason }] : [];
    }),
  };
}

export interface AvailableRestStacks extends StackAddresses {
  /** The REST stacks started, in the table's order. */
  stacks: StackId[];
  close(): Promise<void>;
}

/** Starts the Node services and every built runtime's servers over one seeded database. */
export async function startAvailableRestStacks(database: string): Promise<AvailableRestStacks> {
  const { stacks } = restStacksBuiltHere();
  const mysqlUrl = databaseUrl(database);
  // The Node services seed the database; the other runtimes' servers only read it.
  const node = await startStack({ MYSQL_URL: mysqlUrl });
  const others: RuntimeServers[] = [];
  try {
    for (const runtime of OTHER_RUNTIMES.filter((r) => runtimeNotBuilt(r) === undefined)) {
      others.push(await startRuntimeServers(runtime, mysqlUrl));
    }
  } catch (error) {
    await Promise.all(others.map((servers) => servers.stop()));
    await node.close();
    throw error;
  }
  return {
    stacks,
    addresses: others.reduce((all, servers) => ({ ...all, ...servers.addresses }), node.addresses),
    async close() {
      await Promise.all(others.map((servers) => servers.stop()));
      await node.close();
    },
  };
}
