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
  notes: [
    "Published seconds per call are shown as ms per call (0.0181 s reads 18.1 ms), at connections 1 as in the study.",
    "Cache mode cold, as the study read MySQL on every call; add --cache warm to see what Redis changes.",
  ],
});
