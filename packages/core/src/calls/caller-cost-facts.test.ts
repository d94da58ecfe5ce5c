import { describe, expect, it } from "vitest";
import { callerCostsOf, formatCallTime } from "./caller-cost-facts";
import { callerCostsFileSchema, type CallerCostsFile, type CallerMeasurement } from "./caller-costs-schema";

const timing = (medianUs: number) => ({ medianUs, minUs: medianUs * 0.9, maxUs: medianUs * 1.1, rounds: 5 });

const measurement = (
  runtime: CallerMeasurement["runtime"],
  codec: string,
  decodeUs: number,
  encodeUs: number | null = null,
): CallerMeasurement => ({
  runtime,
  codec,
  encodeRequest: encodeUs === null ? null : timing(encodeUs),
  decodeReply: timing(decodeUs),
  encodedRequestBytes: encodeUs === null ? null : 40,
});

/** Node with two protobuf codecs (only one the default), Go measured, Python skipped. */
function file(): CallerCostsFile {
  return callerCostsFileSchema.parse({
    schema: "relix.caller-costs/v1",
    measuredAt: "2026-11-26T17:00:00.000Z",
    machine: { cpuModel: "Test CPU", cores: 2, platform: "linux x64" },
    method: { rounds: 5, warmupRounds: 1, roundMs: 20, description: "interleaved rounds" },
    runtimes: [
      {
        runtime: "node",
        status: "measured",
        version: "v20.20.2",
        codecs: [
          { id: "json", encoding: "json", library: "JSON.parse / JSON.stringify", primary: true },
          { id: "protobufjs", encoding: "protobuf", library: "protobufjs via proto-loader", primary: true },
          { id: "ts-proto", encoding: "protobuf", library: "ts-proto", primary: false },
        ],
      },
      {
        runtime: "go",
        status: "measured",
        version: "go1.26.8",
        codecs: [
          { id: "json", encoding: "json", library: "encoding/json", primary: true },
          { id: "protobuf", encoding: "protobuf", library: "protobuf-go", primary: true },
        ],
      },
      { runtime: "python", status: "skipped", reason: "no Python environment: run services/python/build.sh" },
    ],
    workloads: [
      {
        workload: "meteorites.get",
        requestBytes: { json: null, protobuf: 0 },
        replyBytes: { json: 245_000, protobuf: 120_000 },
        measurements: [
          measurement("node", "json", 1234.5),
          measurement("node", "protobufjs", 2100, 0.05),
          measurement("node", "ts-proto", 400, 0.04),
          measurement("go", "json", 912),
          measurement("go", "protobuf", 204.4, 0.03),
        ],
      },
      {
        workload: "echo",
        requestBytes: { json: 480, protobuf: 450 },
        replyBytes: { json: 470, protobuf: 440 },
        measurements: [
          measurement("node", "json", 2.46, 1.5),
          measurement("node", "protobufjs", 3.1, 4.25),
          measurement("go", "json", 9.04, 3.3),
          measurement("go", "protobuf", 1.3, 0.84),
        ],
      },
    ],
  });
}

describe("callerCostsOf", () => {
  it("says per runtime what decoding the reply costs in each encoding, in ms from 1 ms up", () => {
    const facts = callerCostsOf(file(), "meteorites.get")!;
    expect(facts.runtimes.map((r) => r.sentence)).toEqual([
      "a Node caller decodes this reply in 1.2 ms as JSON, 2.1 ms as protobuf",
      "a Go caller decodes this reply in 912 µs as JSON, 204 µs as protobuf",
    ]);
    expect(facts.replyBytes).toEqual({ json: 245_000, protobuf: 120_000 });
  });

  it("uses the runtime's default codec, not a faster one it also measured", () => {
    const node = callerCostsOf(file(), "meteorites.get")!.runtimes.find((r) => r.runtime === "node")!;
    expect(node.protobuf).toMatchObject({ codec: "protobufjs", decodeReplyUs: 2100 });
  });

  it("adds the request when both encodings carry one", () => {
    const facts = callerCostsOf(file(), "echo")!;
    expect(facts.runtimes[1]!.sentence).toBe(
      "a Go caller encodes this request in 3.3 µs as JSON, 0.84 µs as protobuf, and decodes the reply in 9.0 µs as JSON, 1.3 µs as protobuf",
    );
    expect(facts.runtimes[1]!.json.encodeRequestUs).toBe(3.3);
  });

  it("leaves the request out when the REST call has no body", () => {
    const go = callerCostsOf(file(), "meteorites.get")!.runtimes.find((r) => r.runtime === "go")!;
    expect(go.sentence).not.toContain("encodes");
    expect(go.json.encodeRequestUs).toBeNull();
    expect(go.protobuf.encodeRequestUs).toBe(0.03);
  });

  it("reports a skipped runtime with its reason instead of a sentence", () => {
    const facts = callerCostsOf(file(), "echo")!;
    expect(facts.runtimes.map((r) => r.runtime)).toEqual(["node", "go"]);
    expect(facts.skipped).toEqual([
      { runtime: "python", reason: "no Python environment: run services/python/build.sh" },
    ]);
  });

  it("has nothing to say about a workload the file did not measure", () => {
    expect(callerCostsOf(file(), "item.get")).toBeUndefined();
  });

  it("leaves out a runtime with no figure for one encoding rather than inventing one", () => {
    const partial = file();
    partial.workloads[1]!.measurements = partial.workloads[1]!.measurements.filter(
      (m) => !(m.runtime === "go" && m.codec === "protobuf"),
    );
    expect(callerCostsOf(partial, "echo")!.runtimes.map((r) => r.runtime)).toEqual(["node"]);
  });
});

describe("formatCallTime", () => {
  it.each([
    [0.034, "0.03 µs"],
    [3.26, "3.3 µs"],
    [45.6, "46 µs"],
    [999.4, "999 µs"],
    [999.6, "1.0 ms"],
    [1_234, "1.2 ms"],
    [12_345, "12 ms"],
  ])("%s µs reads %s", (us, text) => {
    expect(formatCallTime(us)).toBe(text);
  });
});

describe("callerCostsFileSchema", () => {
  it("refuses a measured runtime without codecs and a skipped one without a reason", () => {
    const bad = { ...file(), runtimes: [{ runtime: "go", status: "measured", version: "go1.26.8", codecs: [] }] };
    expect(callerCostsFileSchema.safeParse(bad).success).toBe(false);
    const noReason = { ...file(), runtimes: [{ runtime: "go", status: "skipped", reason: "" }] };
    expect(callerCostsFileSchema.safeParse(noReason).success).toBe(false);
  });
});
