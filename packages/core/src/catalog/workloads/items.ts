import { ITEM_LIST_LIMIT, itemListSchema, itemSchema } from "../../domain";
import { defineWorkload } from "../workload";
import { idSequence } from "./id-sequence";
import { byIdRequestSchema, idFromParams, noRequestSchema } from "./request-schemas";

const ITEM_IDS = 1000;

export const itemWorkloads = [
  defineWorkload({
    id: "item.get",
    label: "Item by id",
    study: "000",
    description: "One ~110 B record by id, through the Redis cache in front of MySQL.",
    usesCache: true,
    streaming: false,
    request: byIdRequestSchema,
    response: itemSchema,
    rest: {
      method: "GET",
      route: "/v1/items/:id",
      body: "none",
      parse: ({ params }) => idFromParams(params),
    },
    grpc: { service: "CatalogService", method: "GetItem", parse: (m) => ({ id: m.id }), build: ({ id }) => ({ id }) },
    handle: (s, { id }, ctx) => s.catalog.getItem(id, ctx),
    requests: (p) => idSequence(p.keyCount, ITEM_IDS),
  }),
  defineWorkload({
    id: "item.list",
    label: "Items, list of 100",
    study: "000",
    description: "100 records in one reply, through the cache.",
    usesCache: true,
    streaming: false,
    request: noRequestSchema,
    response: itemListSchema,
    rest: {
      method: "GET",
      route: "/v1/items",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "CatalogService", method: "ListItems", parse: () => ({}), build: () => ({}) },
    handle: (s, _r, ctx) => s.catalog.listItems(ctx),
    requests: () => [{}],
  }),
  defineWorkload({
    id: "item.stream",
    label: "Items, streamed",
    study: "000",
    description: `The same ${ITEM_LIST_LIMIT} records as a gRPC server stream and as REST NDJSON.`,
    usesCache: true,
    streaming: true,
    request: noRequestSchema,
    response: itemSchema,
    rest: {
      method: "GET",
      route: "/v1/streams/items",
      body: "none",
      parse: () => ({}),
    },
    grpc: { service: "CatalogService", method: "StreamItems", parse: () => ({}), build: () => ({}) },
    async *handle(s, _r, ctx) {
      yield* (await s.catalog.listItems(ctx)).items;
    },
    requests: () => [{}],
  }),
];
