import { describe, expect, it } from "vitest";
import { parseRelixLoadLog, parseRelixLoadSummary } from "./relix-load-log";

describe("relix-load's per-call log", () => {
  it("times every call from the first send, in end order, with its outcome and its latency from its due time", () => {
    const log = [
      "1700000000002000\t500\t-\tOK\t1\t-",
      "1700000000001000\t3000\t-\tINTERNAL\t0\t-",
      "1700000000003000\t250\t900\t200\t1\t120",
    ].join("\n");
    const parsed = parseRelixLoadLog(log);
    expect(parsed.startedAtMs).toBe(1_700_000_000_001);
    expect(parsed.samples).toEqual([
      { endMs: 1.5, latencyUs: 500, ok: true, code: "OK" },
      // Its own connection's connect (120 µs) counts in its latency.
      { endMs: 2.25, latencyUs: 370, fromDueLatencyUs: 900, ok: true, code: "200" },
      { endMs: 3, latencyUs: 3000, ok: false, code: "INTERNAL" },
    ]);
    expect(parsed.wallMs).toBe(3);
    expect(parsed.connectUs).toEqual([120]);
  });

  it("is empty for an empty log and refuses a line it cannot read", () => {
    expect(parseRelixLoadLog("\n").samples).toEqual([]);
    expect(() => parseRelixLoadLog("1700000000002000\tfast\t-\tOK\t1\t-")).toThrow(/unexpected relix-load log line/);
    expect(() => parseRelixLoadLog("1700000000002000\t5\t-\tOK\tyes\t-")).toThrow(/unexpected/);
  });
});

describe("relix-load's summary", () => {
  const summary = {
    version: "1.0.0",
    started: 10,
    done: 9,
    ok: 8,
    dropped: 1,
    stoppedAtTimeCap: false,
    interrupted: false,
    connectionsOpened: 2,
    bytesSent: 1000,
    bytesReceived: 2000,
    codes: { OK: 8, INTERNAL: 1 },
    messages: { INTERNAL: "boom" },
  };

  it("is the last JSON line of its output", () => {
    expect(parseRelixLoadSummary(`starting\n${JSON.stringify(summary)}\n`)).toEqual(summary);
  });

  it("is null when the program printed none or something else", () => {
    expect(parseRelixLoadSummary("")).toBeNull();
    expect(parseRelixLoadSummary("{not json")).toBeNull();
    expect(parseRelixLoadSummary(JSON.stringify({ version: "1" }))).toBeNull();
  });
});
