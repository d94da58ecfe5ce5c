import type { PlacementName } from "../network/placements";
import { definePreset, type PublishedFigureDefinition } from "./preset";

/** The study's three placements, as Relix names them, and how the study named them. */
const placements = [
  { placement: "loopback", study: "local", ping: 0.048 },
  { placement: "same-zone", study: "same zone", ping: 0.466 },
  { placement: "cross-region", study: "cross region", ping: 146.75 },
] as const satisfies ReadonlyArray<{ placement: PlacementName; study: string; ping: number }>;

const suspectNote =
  "Suspect: the study's cross-region gRPC cells for the image and the dot product (15-22 s per op) disagree about 100x with other runs of the same design (~146-261 ms per op); likely a units error.";

/** [workload, label, per placement (local, same zone, cross region): REST ms/op, gRPC ms/op] as published. */
const table = [
  [
    "math.add",
    "add",
    [
      [2.99, 0.7],
      [3.68, 0.98],
      [303.57, 148.18],
    ],
  ],
  [
    "math.dot",
    "dot product of 100 floats",
    [
      [3.73, 0.81],
      [4.36, 1.17],
      [303.5, 14874],
    ],
  ],
  [
    "image.raw",
    "image as raw bytes",
    [
      [5.82, 12.0],
      [10.07, 14.96],
      [1214.25, 19267],
    ],
  ],
  [
    "image.base64",
    "image as base64 JSON",
    [
      [45.39, 25.92],
      [51.0, 31.9],
      [1392.02, 21722],
    ],
  ],
] as const;

const published: PublishedFigureDefinition[] = [
  ...table.flatMap(([workload, label, byPlacement]) =>
    byPlacement.map(([rest, grpc], i): PublishedFigureDefinition => {
      const { placement, study } = placements[i]!;
      const suspect = placement === "cross-region" && workload !== "math.add";
      return {
        workload,
        cacheMode: "none",
        placement,
        label: `${label}, ms/op (${study})`,
        unit: "ms",
        rest,
        grpc,
        measure: "meanMs",
        ...(suspect ? { note: suspectNote } : {}),
      };
    }),
  ),
  ...placements.map(({ placement, study, ping }): PublishedFigureDefinition => ({
    workload: "noop",
    cacheMode: "none",
    placement,
    label: `reference: PING round trip ${ping} ms (${study}), no protocol`,
    unit: "ms",
    rest: null,
    grpc: null,
    measure: "meanMs",
    note: "The study's PING is one network round trip with no protocol at all: one reference figure, not a REST or a gRPC number, so no published speedup. Relix's noop beside it is each protocol's own floor at that placement.",
  })),
];

export const study004Preset = definePreset({
  name: "study-004",
  title: "Study 004: Flask vs Python gRPC, three placements",
  description:
    "For tiny calls (add, a 100-float dot product) and a 1.6 MB image as bytes or base64, which protocol costs less per call, locally and across a network?",
  spec: {
    workloads: ["math.add", "math.dot", "image.raw", "image.base64", "noop"],
    cacheModes: ["warm"],
    // The study's own runtime as the headline, Node's pair measured in the same trials beside it.
    stacks: ["express", "flask", "grpc-js", "grpcio"],
    pair: { rest: "flask", grpc: "grpcio" },
    network: ["loopback", "same-zone", "cross-region"],
    connections: 1,
    grpcConnections: 1,
    restConnection: "per-request",
    durationMs: 4_000,
    warmupMs: 1_000,
    trials: 3,
    dotLength: 100,
  },
  sequentialFigures: true,
  published,
  notes: [
    "Each published figure appears twice: (flask vs grpcio), the study's own pair, and (express vs grpc-js).",
    "REST opens a new connection per call, as in the study; --rest-connection keep-alive shows what reuse changes.",
  ],
});
