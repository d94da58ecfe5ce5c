import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { drainedOrClosed } from "./drained-or-closed";

describe("drainedOrClosed", () => {
  it("resolves true on drain and leaves no listener behind", async () => {
    const stream = new EventEmitter();
    const waiting = drainedOrClosed(stream);
    stream.emit("drain");
    expect(await waiting).toBe(true);
    expect(stream.listenerCount("close") + stream.listenerCount("drain") + stream.listenerCount("cancelled")).toBe(0);
  });

  it("resolves false when a refused writer is destroyed instead of draining", async () => {
    const slow = new Writable({ highWaterMark: 1, write: () => {} });
    expect(slow.write("more than one byte")).toBe(false);
    const waiting = drainedOrClosed(slow);
    slow.destroy();
    expect(await waiting).toBe(false);
  });

  it("resolves false on a gRPC cancellation", async () => {
    const call = new EventEmitter();
    const waiting = drainedOrClosed(call);
    call.emit("cancelled");
    expect(await waiting).toBe(false);
  });

  it("does not pile up listeners over many waits", async () => {
    const stream = new EventEmitter();
    for (let i = 0; i < 50; i++) {
      const waiting = drainedOrClosed(stream);
      stream.emit("drain");
      await waiting;
    }
    expect(stream.listenerCount("close")).toBe(0);
  });
});
