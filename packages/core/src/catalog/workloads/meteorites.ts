import { meteoriteListSchema, meteoriteSchema, uploadMeteoritesReplySchema, versionReplySchema } from "../../domain";
import { getDataset } from "../../data/dataset";
import { defineWorkload } from "../workload";
import { noRequestSchema } from "./request-schemas";

/** Study 003: a version string, 1000 meteorite landings down (list and stream), and 1000 up. */
export const meteoriteWorkloads = [
  defineWorkload({
    id: "meteorites.version",
    label: "Version string",
    study: "003",
    description: "Study 003's small call: a short version string, no data store.",
    usesCache: false,
    streaming: false,
    request: noRequestSchema,
    response: versionReplySchema,
    rest: {
      method: "GET",
      route: "/v1/meteorites/version",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "MeteoriteService", method: "Version", parse: () => ({}), build: () => ({}) },
    handle: (s) => s.meteorites.version(),
    requests: () => [{}],
  }),
  defineWorkload({
    id: "meteorites.get",
    label: "1000 meteorites, one reply",
    study: "003",
    description: "1000 records (~245 KB as JSON) in one reply, through the cache.",
    usesCache: true,
    streaming: false,
    request: noRequestSchema,
    response: meteoriteListSchema,
    rest: {
      method: "GET",
      route: "/v1/meteorites",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "MeteoriteService", method: "GetAll", parse: () => ({}), build: () => ({}) },
    handle: (s, _r, ctx) => s.meteorites.list(ctx),
    requests: () => [{}],
  }),
  defineWorkload({
    id: "meteorites.stream",
    label: "1000 meteorites, streamed",
    study: "003",
    description: "The same 1000 records as a gRPC server stream and as REST NDJSON.",
    usesCache: true,
    streaming: true,
    request: noRequestSchema,
    response: meteoriteSchema,
    rest: {
      method: "GET",
      route: "/v1/streams/meteorites",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "MeteoriteService", method: "StreamAll", parse: () => ({}), build: () => ({}) },
    async *handle(s, _r, ctx) {
      yield* (await s.meteorites.list(ctx)).items;
    },
    requests: () => [{}],
  }),
  defineWorkload({
    id: "meteorites.post",
    label: "1000 meteorites, uploaded",
    study: "003",
    description: "1000 records sent up in one request, validated and counted; the server answers SUCCESS.",
    usesCache: false,
    streaming: false,
    request: meteoriteListSchema,
    response: uploadMeteoritesReplySchema,
    rest: {
      method: "POST",
      route: "/v1/meteorites",
      body: "json",
      parse: ({ body }) => body,
    },
    grpc: { service: "MeteoriteService", method: "Upload", parse: (m) => m, build: (list) => list },
    handle: (s, list) => s.meteorites.upload(list),
    requests: () => [{ items: [...getDataset().meteorites] }],
  }),
];
