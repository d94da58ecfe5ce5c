import { ITEM_LIST_LIMIT, itemListSchema, itemSchema } from "../../domain";
import { defineWorkload } from "../workload";
import { idSequence } from "./id-sequence";
import {
  byIdRequestSchema,
  countFromQuery,
  idFromParams,
  limitFromMessage,
  listItemsRequestSchema,
  type ListItemsRequest,
} from "./request-schemas";
import type { WorkloadParams } from "../workload";
import { specBounds } from "../../spec/bounds";

const ITEM_IDS = 1000;
const LIMITS = `${specBounds.records.min} to ${specBounds.records.max.toLocaleString("en-US")}`;

/**
 * The one request of a list: at the studies' count it names no limit, so a default run sends
 * exactly the request it always did; any other count asks for that many records.
 */
const listRequests = ({ records }: WorkloadParams): ListItemsRequest[] =>
  records === ITEM_LIST_LIMIT ? [{}] : [{ limit: records }];

/** The same knob on both protocols: `?limit=N` and the request message's `limit`. */
const listRest = (route: string) => ({
  method: "GET" as const,
  route,
  body: "none" as const,
  query: ["limit"],
  parse: ({ query }: { query: Record<string, unknown> }) => ({ limit: countFromQuery(query.limit) }),
});
const listGrpc = (method: string) => ({
  service: "CatalogService" as const,
  method,
  parse: limitFromMessage,
  build: ({ limit }: ListItemsRequest) => (limit === undefined ? {} : { limit }),
});

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
    label: "Items, list",
    study: "000",
    description: `N records in one reply (limit, ${LIMITS}; ${ITEM_LIST_LIMIT} by default), through the cache.`,
    usesCache: true,
    streaming: false,
    request: listItemsRequestSchema,
    response: itemListSchema,
    rest: listRest("/v1/items"),
    grpc: listGrpc("ListItems"),
    handle: (s, { limit }, ctx) => s.catalog.listItems(limit ?? ITEM_LIST_LIMIT, ctx),
    requests: listRequests,
  }),
  defineWorkload({
    id: "item.stream",
    label: "Items, streamed",
    study: "000",
    description: `The list's records (limit, ${ITEM_LIST_LIMIT} by default) as a gRPC server stream and as REST NDJSON.`,
    usesCache: true,
    streaming: true,
    request: listItemsRequestSchema,
    response: itemSchema,
    rest: listRest("/v1/streams/items"),
    grpc: listGrpc("StreamItems"),
    async *handle(s, { limit }, ctx) {
      yield* (await s.catalog.listItems(limit ?? ITEM_LIST_LIMIT, ctx)).items;
    },
    requests: listRequests,
  }),
];
