import type {
  CallerCodec,
  CallerCostsFile,
  CallerMeasurement,
  CallerRuntime,
  CallerWorkloadCosts,
  WireEncoding,
} from "./caller-costs-schema";

/** One encoding's costs for a caller, with the library its runtime's callers use by default. */
export interface CallerEncodingCost {
  codec: string;
  library: string;
  /** null: nothing to encode (the request has no body in this encoding). */
  encodeRequestUs: number | null;
  decodeReplyUs: number;
}

export interface RuntimeCallerCost {
  runtime: CallerRuntime;
  version: string;
  json: CallerEncodingCost;
  protobuf: CallerEncodingCost;
  /** "a Go caller decodes this reply in 0.9 ms as JSON, 0.2 ms as protobuf" */
  sentence: string;
}

export interface CallerCostFacts {
  workload: string;
  requestBytes: CallerWorkloadCosts["requestBytes"];
  replyBytes: CallerWorkloadCosts["replyBytes"];
  /** The runtimes measured for this workload, in the file's order. */
  runtimes: RuntimeCallerCost[];
  /** Runtimes the file says could not run, with why. */
  skipped: { runtime: CallerRuntime; reason: string }[];
}

const RUNTIME_NAMES: Record<CallerRuntime, string> = { node: "Node", go: "Go", python: "Python" };

/**
 * A time per call for a sentence: µs below 1 ms, ms from there; about two significant figures,
 * since the rounds of one machine rarely agree closer than that.
 */
export function formatCallTime(us: number): string {
  if (Math.round(us) < 1000) {
    if (us < 1) return `${us.toFixed(2)} µs`;
    if (us < 10) return `${us.toFixed(1)} µs`;
    return `${us.toFixed(0)} µs`;
  }
  const ms = us / 1000;
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(0)} ms`;
}

function encodingCost(
  codecs: CallerCodec[],
  measurements: CallerMeasurement[],
  encoding: WireEncoding,
): CallerEncodingCost | undefined {
  const codec = codecs.find((c) => c.encoding === encoding && c.primary);
  const measured = codec && measurements.find((m) => m.codec === codec.id);
  if (!codec || !measured) return undefined;
  return {
    codec: codec.id,
    library: codec.library,
    encodeRequestUs: measured.encodeRequest?.medianUs ?? null,
    decodeReplyUs: measured.decodeReply.medianUs,
  };
}

function sentenceOf(runtime: CallerRuntime, json: CallerEncodingCost, protobuf: CallerEncodingCost): string {
  const caller = `a ${RUNTIME_NAMES[runtime]} caller`;
  const decodes = `${formatCallTime(json.decodeReplyUs)} as JSON, ${formatCallTime(protobuf.decodeReplyUs)} as protobuf`;
  // The request is only worth a clause when both encodings carry it: a GET's id or a raw upload
  // is nothing a REST caller encodes.
  if (json.encodeRequestUs === null || protobuf.encodeRequestUs === null) {
    return `${caller} decodes this reply in ${decodes}`;
  }
  const encodes = `${formatCallTime(json.encodeRequestUs)} as JSON, ${formatCallTime(protobuf.encodeRequestUs)} as protobuf`;
  return `${caller} encodes this request in ${encodes}, and decodes the reply in ${decodes}`;
}

/**
 * What a caller pays for one workload in each runtime the file measured, with one sentence per
 * runtime; undefined when the file has no figures for that workload. Uses each runtime's primary
 * codec per encoding (for Node's protobuf, protobufjs through proto-loader, as grpc-js clients do).
 */
export function callerCostsOf(file: CallerCostsFile, workload: string): CallerCostFacts | undefined {
  const costs = file.workloads.find((w) => w.workload === workload);
  if (!costs) return undefined;
  const runtimes: RuntimeCallerCost[] = [];
  const skipped: CallerCostFacts["skipped"] = [];
  for (const record of file.runtimes) {
    if (record.status === "skipped") {
      skipped.push({ runtime: record.runtime, reason: record.reason });
      continue;
    }
    const measurements = costs.measurements.filter((m) => m.runtime === record.runtime);
    const json = encodingCost(record.codecs, measurements, "json");
    const protobuf = encodingCost(record.codecs, measurements, "protobuf");
    if (!json || !protobuf) continue;
    runtimes.push({
      runtime: record.runtime,
      version: record.version,
      json,
      protobuf,
      sentence: sentenceOf(record.runtime, json, protobuf),
    });
  }
  return { workload, requestBytes: costs.requestBytes, replyBytes: costs.replyBytes, runtimes, skipped };
}
