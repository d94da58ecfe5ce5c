import type { StackId } from "@relix/core";
import type { StackAddresses } from "../http-stack-client";
import type { OtherRuntime, RuntimeServers } from "../runtime-servers";
import type { Stack } from "../stack";

/**
 * What every group of a runtime's checks shares: the runtime, its stacks, and the servers its test
 * file started. The servers exist once the file's beforeAll has run: read them inside a test.
 */
export interface RuntimeSuite {
  readonly runtime: OtherRuntime;
  readonly stacks: readonly StackId[];
  /** The Node services, in this process: the answers the runtime's stacks are held to. */
  readonly node: Stack;
  /** The runtime's own servers, each a process of its own. */
  readonly servers: RuntimeServers;
  /** Every stack of both, so one call reaches any of them by id. */
  readonly all: StackAddresses;
}
