import { shapeKinds, type ShapeKind } from "../domain";
import { definePreset, type PublishedFigureDefinition } from "./preset";

/**
 * Published means in seconds per call (each of the 12 methods was called 100 times in sequence and
 * the mean reported), converted here to ms per call: the collection of 100 Large objects at 0.18 s
 * per call is plausible over a network, 1.8 ms per call for all 100 calls would not be.
 * [REST s, gRPC s] for one object by id, then for the collection of 100.
 */
const publishedSeconds: Record<ShapeKind, { single: [number, number]; collection: [number, number] }> = {
  small: { single: [0.0181, 0.0677], collection: [0.0177, 0.1911] },
  medium: { single: [0.0178, 0.0619], collection: [0.0441, 0.2092] },
  large: { single: [0.0204, 0.0693], collection: [0.1816, 0.7025] },
  deep: { single: [0.0173, 0.0948], collection: [0.0258, 0.0662] },
  deeper: { single: [0.0152, 0.0679], collection: [0.0386, 0.0842] },
  deepest: { single: [0.015, 0.0737], collection: [0.0657, 0.1075] },
};

/** Seconds -> milliseconds without float noise (0.0181 * 1000 is 18.099999999999998). */
const ms = (seconds: number) => Math.round(seconds * 1e7) / 1e4;

const published: PublishedFigureDefinition[] = shapeKinds.flatMap((kind) => {
  const { single, collection } = publishedSeconds[kind];
  return [
    {
      workload: `shape.${kind}.get`,
      cacheMode: "cold",
      label: `${kind} by id, mean per call`,
      unit: "ms",
      rest: ms(single[0]),
      grpc: ms(single[1]),
      measure: "meanMs",
    },
    {
      workload: `shape.${kind}.stream`,
      restWorkload: `shape.${kind}.list`,
      cacheMode: "cold",
      label: `${kind} x100 collection, mean per call`,
      unit: "ms",
      rest: ms(collection[0]),
      grpc: ms(collection[1]),
      measure: "meanMs",
      note: "As in the study: REST is one JSON array of 100 (shape.*.list), gRPC one server stream of 100 timed whole (shape.*.stream).",
    },
  ] satisfies PublishedFigureDefinition[];
});

export const study002Preset = definePreset({
  name: "study-002",
  title: "Study 002: .NET blog (12 methods, wide and deep objects, MySQL)",
  description:
    "Do wide (10 to 388 values) and deeply nested (up to 9 levels) objects, alone or 100 at a time, favour gRPC or REST?",
  spec: {
    workloads: shapeKinds.flatMap((kind) => [`shape.${kind}.get`, `shape.${kind}.list`, `shape.${kind}.stream`]),
    cacheModes: ["cold"],
    connections: 1,
    grpcConnections: 1,
    durationMs: 5_000,
    warmupMs: 1_000,
    trials: 3,
  },
  sequentialFigures: true,
  published,
  calibration: null,
  notes: [
    "Units: the study published mean seconds per call over 100 sequential calls; Relix shows ms per call (mean latency at connections 1), so 0.0181 s reads 18.1 ms.",
    "The study read MySQL on every call (no cache): the preset uses cache mode cold. Add --cache warm to see what Redis changes.",
    "Collections are compared as the study compared them: its REST list (one JSON array of the 100 rows: REST's side of shape.*.list) against its gRPC server stream of the 100 (gRPC's side of shape.*.stream). Both workloads also run on both protocols, so the like-for-like pairs (list vs list, NDJSON vs stream) are in the main table.",
    "Correction of the study's text: it gives the gRPC small x100 collection as 0.01911 s; it must read 0.1911 s, the only value that fits its own statement that the large collection (0.7025 s) took 267.6% longer ((0.7025 - 0.1911) / 0.1911 = 267.6%; 0.01911 would make it 3576%). The preset uses 0.1911 s (191.1 ms).",
    "Correction of the study's text: it counts 352 values in a Large object; its own payloads.proto gives 388 (4 scalars + 6 Medium of 64), which is what Relix's large shape holds.",
    "Calls are sequential (connections 1) as in the study, but Relix measures every call of a 5 s window after a discarded 1 s warm-up, 3 trials, instead of 100 calls once.",
    "Not reproduced: the study's REST by-id endpoints returned the class name instead of the object (Relix's preflight refuses to run unless both protocols return the same data); the client timed different spans for REST and gRPC; the servers were remote despite a same-computer rule. Its published REST by-id figures therefore time a tiny string, not the object.",
  ],
});
