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
  calibration: null,
  notes: [
    'Stacks: the headline pair is the study\'s own, flask (Flask on gunicorn, one threaded worker, how Flask is deployed) against grpcio (grpcio\'s synchronous server); express against grpc-js is measured in the same trials beside it. Each published figure is shown twice, labelled with the pair it sits beside: "(flask vs grpcio)" and "(express vs grpc-js)"; the stack comparisons give Node\'s own REST-against-gRPC verdict with its 95% interval, and the layer walk the runtime step on each side (express -> flask, grpc-js -> grpcio).',
    "What still differs from the study: the hardware (GCP e2-standard-2 VMs there, one machine here); the versions (services/python/requirements.txt pins this machine's Flask, gunicorn and grpcio; the study's were not published); Flask's server (the study did not say which; gunicorn here, where its development server would add its own cost); and the client: the study's Python client (a new connection per REST call, one gRPC channel), autocannon and ghz here with the same connection policy.",
    "Three placements as in the study: loopback (local), same-zone (0.5 ms RTT) and cross-region (147 ms RTT), the last two emulated between the load generators and the services. The RTT each placement actually reached, and the TCP connect time, are measured before its cells and shown beside the target with the emulator's name and version; a placement outside max(10%, 0.05 ms) of its target is refused.",
    "Packet level (the default where the runner is root on Linux, see docs/packet-emulator.md): the load generators run in a network namespace of their own, joined to the services by a veth on 198.18.0.0/15; every packet is held half the RTT on arrival in each direction. So the TCP handshake pays a round trip (REST's new connection per call costs two round trips per call at cross-region, ~294 ms, against gRPC's one on its reused channel, as in the study), the 1.6 MB image slow-starts across 147 ms, and same-zone's 0.5 ms is reached (calibrated against the machine's own ~0.25 ms round trip). Redis and MariaDB stay beside the services, undelayed.",
    "What the packet level does not reproduce: no loss or reordering, no queueing but the bandwidth cap (none here), the same kernel and MTU on both ends, and the emulator's own CPU (some tens of µs per packet, measured during each placement's cells and kept in its record) taken from the machine the generators and services share; the study's VMs had their own NICs and CPUs.",
    "With Toxiproxy instead (--emulator proxy, or not root): same-zone is refused (it delays in whole milliseconds per direction and costs ~0.1 ms itself), and a TCP proxy delays data, not the handshake, so REST's new connection per call costs no round trip and the image does not slow-start: cross-region REST then comes out about one RTT short of the study's. The result says which emulator ran and, when it fell back to Toxiproxy, why.",
    "Windows are 4 s (warm-up 1 s) so the three placements and four stacks stay within about 15 minutes of measuring; at cross-region a call takes at least 147 ms, so each window holds a few dozen sequential calls, and the image cells only a handful.",
    "Calls are sequential (connections 1) as in the study; ms/op is compared with Relix's mean latency per call.",
    "Connections as in the study: its REST client opened a new TCP connection per call while gRPC reused one channel, so REST runs with --rest-connection per-request (each call connects, sends, reads the response and closes; the connect is inside its ms/op) and gRPC keeps one HTTP/2 channel for the whole run. Run with --rest-connection keep-alive to see what reuse changes.",
    "Not reproduced: averages only; the three cross-region gRPC cells (~15-22 s per op) that disagree 100x with other runs of the same design (likely a units error) are shown, marked suspect.",
  ],
});
