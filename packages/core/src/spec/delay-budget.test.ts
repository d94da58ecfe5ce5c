import { describe, expect, it } from "vitest";
import { serverDelayProblem } from "./delay-budget";

const spec = { workloads: ["stream", "upload"], serverDelayMs: 10, streamMessages: 100, payloadBytes: 1024 * 1024 };

describe("serverDelayProblem", () => {
  it("accepts what both APIs serve (study 001: 10 ms x 100 messages, 10 ms per MiB)", () => {
    expect(serverDelayProblem(spec)).toBeNull();
    expect(serverDelayProblem({ ...spec, serverDelayMs: 100 })).toBeNull();
  });

  it("names the stream or the upload that would ask for more than 10 s in one call", () => {
    expect(serverDelayProblem({ ...spec, serverDelayMs: 1000, streamMessages: 11 })).toMatch(
      /1000 ms per message x 11 stream messages is 11000 ms of server delay per call, above the 10000 ms/,
    );
    expect(
      serverDelayProblem({ ...spec, workloads: ["upload"], serverDelayMs: 1000, payloadBytes: 11 * 1024 * 1024 }),
    ).toMatch(/1000 ms per MiB x 11 MiB uploaded is 11000 ms/);
    expect(
      serverDelayProblem({ ...spec, workloads: ["echo"], serverDelayMs: 1000, streamMessages: 10_000 }),
    ).toBeNull();
  });
});
