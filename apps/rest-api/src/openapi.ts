import { z } from "zod";
import {
  CACHE_MODE_HEADER,
  DELAY_HEADER,
  MAX_DELAY_MS,
  MAX_TOTAL_DELAY_MS,
  mapRouteParams,
  routeParams,
  workloads,
  type Workload,
} from "@relix/core";

/**
 * The OpenAPI 3.1 document, derived from the same catalog and zod schemas the routes
 * validate with, so the document and the routes cannot drift apart.
 */
const toSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<
    string,
    unknown
  >;
  return rest;
};

const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" } },
    },
  },
};
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

const DELAY_DESCRIPTION =
  "Server-side sleep in milliseconds: per call (echo), per message (stream), per MiB received (upload). " +
  `The total one request asks for (per message x messages, per MiB x MiB) may be at most ${MAX_TOTAL_DELAY_MS} ms; ` +
  `above that the request is refused with 400 (gRPC: INVALID_ARGUMENT) naming ${DELAY_HEADER}, before any sleep.`;

const openApiPath = (route: string) => mapRouteParams(route, (name) => `{${name}}`);

function requestBody(workload: Workload) {
  if (workload.rest.body === "none") return undefined;
  if (workload.rest.body === "raw") {
    const type = workload.rest.rawContentType;
    return { required: true, content: { [type]: { schema: { type: "string", format: "binary" } } } };
  }
  return { required: true, content: { "application/json": { schema: toSchema(workload.request) } } };
}

/** A query parameter's schema is its field's in the request schema (bounds, default in the description). */
function queryParamSchema(workload: Workload, name: string) {
  const properties = (toSchema(workload.request) as { properties?: Record<string, unknown> }).properties;
  return properties?.[name] ?? { type: "string" };
}

function operation(workload: Workload) {
  const pathParams = routeParams(workload.rest.route).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "integer", minimum: 1 },
  }));
  const queryParams = (workload.rest.query ?? []).map((name) => ({
    name,
    in: "query",
    required: false,
    schema: queryParamSchema(workload, name),
  }));
  const headers = [
    ...(workload.usesCache
      ? [
          {
            name: CACHE_MODE_HEADER,
            in: "header",
            schema: { type: "string", enum: ["warm", "cold", "miss"], default: "warm" },
          },
        ]
      : []),
    {
      name: DELAY_HEADER,
      in: "header",
      description: DELAY_DESCRIPTION,
      schema: { type: "integer", minimum: 0, maximum: MAX_DELAY_MS, default: 0 },
    },
  ];
  const success = workload.streaming
    ? { "application/x-ndjson": { schema: toSchema(workload.response), description: "one JSON document per line" } }
    : { "application/json": { schema: toSchema(workload.response) } };
  return {
    operationId: workload.id,
    summary: workload.label,
    description: `${workload.description} (study ${workload.study}; gRPC: relix.v1.${workload.grpc.service}/${workload.grpc.method})`,
    parameters: [...pathParams, ...queryParams, ...headers],
    ...(requestBody(workload) ? { requestBody: requestBody(workload) } : {}),
    responses: {
      "200": { description: "OK", content: success },
      "400": errorResponse(
        `Invalid input, or a total server delay above ${MAX_TOTAL_DELAY_MS} ms; the message names the field`,
      ),
      ...(workload.rest.route.includes(":id") ? { "404": errorResponse("Unknown id") } : {}),
      ...(workload.rest.body !== "none" ? { "413": errorResponse("Body larger than the limit") } : {}),
      "503": errorResponse("Database unavailable"),
    },
  };
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const workload of workloads) {
    const path = openApiPath(workload.rest.route);
    paths[path] ??= {};
    paths[path][workload.rest.method.toLowerCase()] = operation(workload);
  }
  const plain = (description: string) => ({
    get: { summary: description, responses: { "200": { description: "OK" } } },
  });
  paths["/healthz"] = plain("Liveness: the process answers");
  paths["/readyz"] = {
    get: {
      summary: "Readiness: Redis and MySQL reachable",
      responses: { "200": { description: "ready" }, "503": errorResponse("not ready") },
    },
  };
  paths["/metrics"] = plain("Prometheus metrics");
  paths["/stats"] = plain("JSON counters for the Relix runner (resets the interval figures it reports)");
  return {
    openapi: "3.1.0",
    info: {
      title: "Relix REST API",
      version: "1.0.0",
      description: "The REST side of Relix: the same workloads as the gRPC API (package relix.v1).",
    },
    paths,
  };
}
