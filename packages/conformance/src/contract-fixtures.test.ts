/**
 * The shared contract fixtures (contract-fixtures.ts) hold what the Node services do: Node is the
 * reference the other runtimes are held to, so each case is checked here against the code that
 * defines it (JSON.stringify, the workloads' zod schemas, the header constants).
 */
import { describe, expect, it } from "vitest";
import { CACHE_MODE_HEADER, DELAY_HEADER, DomainError, getWorkload, parseRequest } from "@relix/core";
import { KEEP_INTERVAL_HEADER } from "@relix/io/telemetry/interval-keep";
import { PEAK_RSS_RESET_HEADER } from "@relix/io/telemetry/peak-rss-reset";
import { headerNames, jsNumberCases, refusalCases } from "./contract-fixtures";

describe("contract/fixtures/js-numbers.json: numbers as JSON.stringify writes them", () => {
  it.each(jsNumberCases)("$value -> $text", ({ value, text }) => {
    expect(JSON.stringify(Number(value))).toBe(text);
    expect(JSON.stringify({ n: [Number(value)] })).toBe(`{"n":[${text}]}`);
  });
});

describe("contract/fixtures/refusals.json: the first field at fault, in zod's words", () => {
  it.each(refusalCases)("$workload: $message", ({ workload: id, body, params, field, message }) => {
    const workload = getWorkload(id);
    let refusal: unknown;
    try {
      parseRequest(workload, workload.rest.parse({ params: params ?? {}, query: {}, body }));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "invalid_argument", field, message });
  });
});

describe("contract/fixtures/headers.json: the headers the Node services read", () => {
  it("are the names their code reads", () => {
    expect(headerNames).toMatchObject({
      cacheMode: CACHE_MODE_HEADER,
      delayMs: DELAY_HEADER,
      peakRssReset: PEAK_RSS_RESET_HEADER,
      keepInterval: KEEP_INTERVAL_HEADER,
    });
  });
});
