import { definePreset } from "./preset";

export const study004Preset = definePreset({
  name: "study-004",
  title: "Study 004: Flask vs Python gRPC, local placement",
  description: "For tiny calls (add, a 100-float dot product) and a 1.6 MB image as bytes or base64, which protocol costs less per call on one machine?",
  spec: {
    workloads: ["math.add", "math.dot", "image.raw", "image.base64", "noop"],
    cacheModes: ["warm"],
    connections: 1,
    grpcConnections: 1,
    durationMs: 5_000,
    warmupMs: 1_000,
    trials: 3,
    dotLength: 100,
  },
  published: [
    { workload: "math.add", cacheMode: "none", label: "add, ms/op (local)", unit: "ms", rest: 2.99, grpc: 0.7, measure: "meanMs" },
    { workload: "math.dot", cacheMode: "none", label: "dot product of 100 floats, ms/op (local)", unit: "ms", rest: 3.73, grpc: 0.81, measure: "meanMs" },
    { workload: "image.raw", cacheMode: "none", label: "image as raw bytes, ms/op (local)", unit: "ms", rest: 5.82, grpc: 12.0, measure: "meanMs" },
    { workload: "image.base64", cacheMode: "none", label: "image as base64 JSON, ms/op (local)", unit: "ms", rest: 45.39, grpc: 25.92, measure: "meanMs" },
    {
      workload: "noop",
      cacheMode: "none",
      label: "PING, ms (local)",
      unit: "ms",
      rest: 0.048,
      grpc: 0.048,
      measure: "meanMs",
      note: "The study's PING is one network round trip with no protocol, the same for both sides; Relix's noop is the nearest thing: each protocol's own floor over loopback.",
    },
  ],
  notes: [
    "Only the local placement is reproduced: same zone (~0.5 ms RTT) and cross region (~147 ms RTT) are network conditions Relix does not emulate.",
    "Calls are sequential (connections 1) as in the study; ms/op is compared with Relix's mean latency per call.",
    "Not reproduced: the study's REST client opened a new TCP connection per call while gRPC reused one channel, so its REST figures include a TCP handshake each time; Relix keeps connections alive on both sides. Expect REST to look better here than in the study.",
    "Not reproduced: averages only; the three cross-region gRPC cells (~15-22 s per op) that disagree 100x with other runs of the same design (likely a units error).",
  ],
});
