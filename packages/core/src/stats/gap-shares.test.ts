import { describe, expect, it } from "vitest";
import { clientGapShare } from "./gap-shares";

describe("clientGapShare", () => {
  it("splits the tools' gap so that both client steps and the equal clients' own gap add up to it", () => {
    // Tools: REST p50 30 ms, gRPC 70 ms; equal client: REST 33 ms, gRPC 44 ms.
    const toolsGap = 30 / 70;
    const equalGap = 33 / 44;
    const restStep = 30 / 33; // autocannon -> h2load on the REST server
    const grpcStep = 70 / 44; // ghz -> h2load on the gRPC server
    const rest = clientGapShare("rest", restStep, toolsGap)!;
    const grpc = clientGapShare("grpc", grpcStep, toolsGap)!;
    const equal = Math.log(equalGap) / Math.log(toolsGap);
    expect(rest + grpc + equal).toBeCloseTo(1, 10);
    // ghz's slower figure is most of REST's lead; autocannon's faster one a small part of it.
    expect(grpc).toBeGreaterThan(0.5);
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThan(0.2);
    // A REST tool slower than the equal client works against a REST lead.
    expect(clientGapShare("rest", 33 / 30, toolsGap)).toBeLessThan(0);
  });

  it("has no share of a gap of exactly 1 or of a step without a ratio", () => {
    expect(clientGapShare("rest", 1.2, 1)).toBeNull();
    expect(clientGapShare("grpc", 0, 0.5)).toBeNull();
  });
});
