import { describe, expect, it } from "vitest";
import { gapShare } from "../../stats/gap-shares";
import { layerSentence, stackVerdictFor } from "./stack-verdict-text";

const ci = (estimate: number, low: number, high: number) => ({ estimate, low, high });

describe("a comparison of two stacks", () => {
  it("names the stack that did better, with its factor and interval", () => {
    expect(stackVerdictFor({ metric: "p50", ci: ci(1.8, 1.62, 2.01), from: "express", to: "node" })).toMatchObject({
      winner: "node",
      text: "node 1.80x faster at p50 (95% CI 1.62-2.01)",
    });
    // < 1: the baseline did better; the sentence turns the ratio round so it never reads "0.5x faster"
    expect(stackVerdictFor({ metric: "rps", ci: ci(0.5, 0.4, 0.6), from: "grpc-js", to: "h2c" })).toMatchObject({
      winner: "grpc-js",
      text: "grpc-js 2.00x more throughput (95% CI 1.67-2.50)",
    });
    expect(stackVerdictFor({ metric: "p99", ci: ci(1.02, 0.9, 1.1), from: "express", to: "node" }).winner).toBe("none");
  });
});

describe("the layer walk's sentences", () => {
  const gap = ci(2, 1.8, 2.2);

  it("name the two servers of a runtime step, and the slower one's cost", () => {
    // 2^0.8 = 1.741: spring closes 80% of a 2x gap, most of gRPC's lead
    const text = layerSentence({
      workload: "noop",
      layer: "runtime",
      from: "express",
      to: "spring",
      step: ci(1.741, 1.6, 1.9),
      gap,
    });
    expect(text).toMatch(
      /^on noop, Spring Boot on the JVM in place of Express on Node \(express -> spring\): spring 1\.74x faster/,
    );
    expect(text).toContain("most of gRPC's lead is Express on Node's per-request cost");
    expect(
      layerSentence({
        workload: "echo",
        layer: "runtime",
        from: "grpc-js",
        to: "grpcio",
        step: ci(0.5, 0.4, 0.6),
        gap,
      }),
    ).toMatch(/^on echo, grpcio \(Python\) in place of grpc-js on Node \(grpc-js -> grpcio\): grpc-js 2\.00x faster/);
  });

  it("say when one step alone overturns the comparison (a share beyond 100%)", () => {
    // 2^2 = 4: node alone is twice as fast as grpc-js, so the 2x gap is closed twice over
    const text = layerSentence({
      workload: "noop",
      layer: "framework",
      from: "express",
      to: "node",
      step: ci(4, 3.5, 4.5),
      gap,
    });
    expect(text).toContain(
      "it more than closes the express -> grpc-js gap (200% of it): this layer alone overturns the comparison",
    );
  });

  it("give a REST-side step its log share of a significant gap, and say when it is most of gRPC's lead", () => {
    // 2^0.8 = 1.741: 80% of a 2x gap on a log scale
    const text = layerSentence({
      workload: "noop",
      layer: "framework",
      from: "express",
      to: "node",
      step: ci(2 ** 0.8, 1.6, 1.9),
      gap,
    });
    expect(text).toBe(
      "on noop, node:http in place of Express (express -> node): node 1.74x faster at p50 (95% CI 1.60-1.90); " +
        "it closes 80% of the express -> grpc-js gap: most of gRPC's lead is Express's per-request cost",
    );
  });

  it("say a small share plainly, and a step the other way widens the gap", () => {
    expect(
      layerSentence({
        workload: "item.get",
        layer: "transport",
        from: "node",
        to: "h2c",
        step: ci(2 ** 0.2, 1.1, 1.2),
        gap,
      }),
    ).toMatch(/h2c 1\.15x faster at p50 \(95% CI 1\.10-1\.20\); it closes 20% of the express -> grpc-js gap$/);
    expect(
      layerSentence({
        workload: "noop",
        layer: "encoding",
        from: "node",
        to: "node-protobuf",
        step: ci(0.5, 0.45, 0.55),
        gap,
      }),
    ).toMatch(/node 2\.00x faster at p50 .*; it widens the express -> grpc-js gap by 100%$/);
  });

  it("count a faster gRPC codec as widening gRPC's lead", () => {
    const text = layerSentence({
      workload: "meteorites.get",
      layer: "codec",
      from: "grpc-js",
      to: "grpc-js-static",
      step: ci(2 ** 0.5, 1.3, 1.5),
      gap,
    });
    expect(text).toMatch(
      /^on meteorites\.get, precompiled serializers in place of protobufjs's reflection \(grpc-js -> grpc-js-static\): grpc-js-static 1\.41x faster/,
    );
    expect(text).toMatch(/it widens the express -> grpc-js gap by 50%$/);
    expect(gapShare({ from: "grpc-js", estimate: 0.5 }, 0.5)).toBeCloseTo(-1);
  });

  it("say no significant difference when the step's interval straddles 1, and share nothing without a gap", () => {
    expect(
      layerSentence({
        workload: "noop",
        layer: "framework",
        from: "express",
        to: "node",
        step: ci(1.01, 0.95, 1.07),
        gap,
      }),
    ).toBe(
      "on noop, node:http in place of Express (express -> node): no significant difference at p50, none larger than 7% (95% CI 0.95-1.07)",
    );
    expect(
      layerSentence({
        workload: "noop",
        layer: "framework",
        from: "express",
        to: "node",
        step: ci(1.5, 1.4, 1.6),
        gap: ci(1.02, 0.97, 1.08),
      }),
    ).toMatch(/node 1\.50x faster .*; express and grpc-js do not differ significantly, so there is no gap to share$/);
  });
});
