import { z } from "zod";
import { SHAPE_ROWS, shapeKinds, shapeSchemas, type ShapeKind } from "../../domain";
import { defineWorkload } from "../workload";
import { idSequence } from "./id-sequence";
import { byIdRequestSchema, idFromParams, noRequestSchema } from "./request-schemas";

const capitalised = (kind: ShapeKind) => kind[0]!.toUpperCase() + kind.slice(1);

const describe: Record<ShapeKind, string> = {
  small: "wide, 10 values",
  medium: "wide, 64 values",
  large: "wide, 388 values",
  deep: "nested 3 levels",
  deeper: "nested 6 levels",
  deepest: "nested 9 levels",
};

/** Study 002: each of the six shapes by id, as a 100-row list, and as a stream of the 100 rows. */
function shapeWorkloads(kind: ShapeKind) {
  const name = capitalised(kind);
  const schema = shapeSchemas[kind] as z.ZodType<unknown>;
  return [
    defineWorkload({
      id: `shape.${kind}.get`,
      label: `${name} by id`,
      study: "002",
      description: `One ${kind} object (${describe[kind]}) by id, from MySQL through the cache.`,
      usesCache: true,
      streaming: false,
      request: byIdRequestSchema,
      response: schema,
      rest: {
        method: "GET",
        route: `/v1/shapes/${kind}/:id`,
        body: "none",
        parse: ({ params }) => idFromParams(params),
      },
      grpc: {
        service: "ShapeService",
        method: `Get${name}`,
        parse: (m) => ({ id: m.id }),
        build: ({ id }) => ({ id }),
      },
      handle: (s, { id }, ctx) => s.catalog.getShape(kind, id, ctx),
      requests: (p) => idSequence(p.keyCount, SHAPE_ROWS),
    }),
    defineWorkload({
      id: `shape.${kind}.list`,
      label: `${name}, list of ${SHAPE_ROWS}`,
      study: "002",
      description: `All ${SHAPE_ROWS} ${kind} objects in one reply.`,
      usesCache: true,
      streaming: false,
      request: noRequestSchema,
      response: z.object({ items: z.array(schema) }),
      rest: {
        method: "GET",
        route: `/v1/shapes/${kind}`,
        body: "none",
        parse: () => ({}),
      },
      grpc: { service: "ShapeService", method: `List${name}`, parse: () => ({}), build: () => ({}) },
      handle: (s, _r, ctx) => s.catalog.listShapes(kind, ctx),
      requests: () => [{}],
    }),
    defineWorkload({
      id: `shape.${kind}.stream`,
      label: `${name}, streamed`,
      study: "002",
      description: `All ${SHAPE_ROWS} ${kind} objects as a gRPC server stream and as REST NDJSON (study 002's collection call).`,
      usesCache: true,
      streaming: true,
      request: noRequestSchema,
      response: schema,
      rest: {
        method: "GET",
        route: `/v1/streams/shapes/${kind}`,
        body: "none",
        parse: () => ({}),
      },
      grpc: { service: "ShapeService", method: `Stream${name}`, parse: () => ({}), build: () => ({}) },
      async *handle(s, _r, ctx) {
        yield* (await s.catalog.listShapes(kind, ctx)).items;
      },
      requests: () => [{}],
    }),
  ];
}

export const shapeWorkloadList = shapeKinds.flatMap(shapeWorkloads);
