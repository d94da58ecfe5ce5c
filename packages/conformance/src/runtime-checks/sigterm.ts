import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { defaultWorkloadParams, getWorkload } from "@relix/core";
import { answerOf } from "./answers";
import type { RuntimeSuite } from "./suite";

/** Whether something accepts TCP connections at host:port. */
function accepts(address: string): Promise<boolean> {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(":")),
    Number(address.slice(address.lastIndexOf(":") + 1)),
  ];
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** SIGTERM: the calls in flight answered, then each process exits on its own. Stops the servers: it runs last. */
export function describeSigterm(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: SIGTERM`, () => {
    it(`answers the calls in flight, then each server exits on its own and its ports close`, async () => {
      const { all, servers, stacks } = suite;
      // Calls the servers hold for 800 ms (echo's delay), still in flight when SIGTERM arrives at 200 ms.
      const echo = getWorkload("echo");
      const [request] = echo.requests(defaultWorkloadParams);
      const sent = performance.now();
      const inFlight = stacks.map(async (stack) => {
        const answer = await answerOf(all, stack, echo, request, { cacheMode: "warm", delayMs: 800 });
        return { answer, ms: performance.now() - sent };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const exits = await servers.stop();
      const stoppedMs = performance.now() - started;
      for (const [i, { answer, ms }] of (await Promise.all(inFlight)).entries()) {
        expect(answer, stacks[i]).toMatchObject({ status: 200 });
        expect(ms, `${stacks[i]} answered after its delay`).toBeGreaterThanOrEqual(800);
      }
      for (const [process, exit] of Object.entries(exits)) {
        expect(exit.killed, `${process} needed SIGKILL`).toBe(false);
      }
      expect(stoppedMs).toBeLessThan(10_000);
      for (const stack of stacks) expect(await accepts(servers.addresses[stack]!), `${stack}'s port`).toBe(false);
    });
  });
}
