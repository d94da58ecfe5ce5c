import { describe, expect, it } from "vitest";
import { createReadinessProbe } from "./readiness-probe";

/** A ping the test settles by hand, counting how often it was started. */
function manualPing() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  return {
    get started() {
      return pending.length;
    },
    ping: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    answerLast: () => pending.at(-1)!.resolve(),
  };
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

describe("createReadinessProbe", () => {
  it("answers 'not ready' within its timeout when the ping hangs", async () => {
    const store = manualPing();
    const probe = createReadinessProbe(store.ping, 200);
    const { value, ms } = await timed(probe);
    expect(value).toBe(false);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(1_000);
  });

  it("keeps at most one ping in flight, however many callers and checks come while it hangs", async () => {
    const store = manualPing();
    const probe = createReadinessProbe(store.ping, 100);
    expect(await Promise.all(Array.from({ length: 20 }, probe))).toEqual(Array(20).fill(false));
    // A later check, the first ping still hanging: no second ping.
    expect(await probe()).toBe(false);
    expect(store.started).toBe(1);

    // Once the hung ping settles, the next check pings again, and a prompt answer means ready.
    store.answerLast();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = probe();
    expect(store.started).toBe(2);
    store.answerLast();
    expect(await next).toBe(true);
  });

  it("reports a failing ping as not ready, and a ping that throws at once too", async () => {
    expect(await createReadinessProbe(() => Promise.reject(new Error("down")), 1_000)()).toBe(false);
    const throwsAtOnce = createReadinessProbe(() => {
      throw new Error("down");
    }, 1_000);
    expect(await throwsAtOnce()).toBe(false);
    // Not stuck on the first failure: a second check pings again.
    expect(await throwsAtOnce()).toBe(false);
  });
});
