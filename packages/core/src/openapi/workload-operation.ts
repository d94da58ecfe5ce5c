import { z } from "zod";
import { cacheModes, CACHE_MODE_HEADER, DELAY_HEADER } from "../calls/cache-mode";
import { MAX_DELAY_MS, MAX_TOTAL_DELAY_MS } from "../calls/call-context";
import { routeParams } from "../catalog/rest-request";
import type { Workload } from "../catalog/workload";

/**
 * One workload's REST route as an OpenAPI 3.1 operation, derived from the same catalog entry and
 * zod schemas the routes validate with, so a document and the routes cannot drift apart.
 */

/** A zod schema as JSON Schema, as a client sends it (`io: "input"`: defaults optional). */
export const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** Every HTTP stack's error body: `{ "error": { code, message, field? } }`. */
export const errorSchema = {
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

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

const DELAY_DESCRIPTION =
  "Server-side sleep in milliseconds: per call (echo), per message (stream), per MiB received (upload). " +
  `The total one request asks for (per message x messages, per MiB x MiB) may be at most ${MAX_TOTAL_DELAY_MS} ms; ` +
  `above that the request is refused with 400 (gRPC: INVALID_ARGUMENT) naming ${DELAY_HEADER}, before any sleep.`;

function requestBody(workload: Workload) {
  if (workload.rest.body === "none") return undefined;
  if (workload.rest.body === "raw") {
    const type = workload.rest.rawContentType;
    return { required: true, content: { [type]: { schema: { type: "string", format: "binary" } } } };
  }
  return { required: true, content: { "application/json": { schema: jsonSchemaOf(workload.request) } } };
}

/** A query parameter's schema is its field's in the request schema (bounds, default in the description). */
function queryParamSchema(workload: Workload, name: string) {
  const properties = (jsonSchemaOf(workload.request) as { properties?: Record<string, unknown> }).properties;
  return properties?.[name] ?? { type: "string" };
}

export function workloadOperation(workload: Workload) {
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
      ? [{ name: CACHE_MODE_HEADER, in: "header", schema: { type: "string", enum: [...cacheModes], default: "warm" } }]
      : []),
    {
      name: DELAY_HEADER,
      in: "header",
      description: DELAY_DESCRIPTION,
      schema: { type: "integer", minimum: 0, maximum: MAX_DELAY_MS, default: 0 },
    },
  ];
  const success = workload.streaming
    ? { "application/x-ndjson": { schema: jsonSchemaOf(workload.response), description: "one JSON document per line" } }
    : { "application/json": { schema: jsonSchemaOf(workload.response) } };
  const body = requestBody(workload);
  return {
    operationId: workload.id,
    summary: workload.label,
    description: `${workload.description} (study ${workload.study}; gRPC: relix.v1.${workload.grpc.service}/${workload.grpc.method})`,
    parameters: [...pathParams, ...queryParams, ...headers],
    ...(body ? { requestBody: body } : {}),
    responses: {
      "200": { description: "OK", content: success },
      "400": errorResponse(
        `Invalid input, or a total server delay above ${MAX_TOTAL_DELAY_MS} ms; the message names the field`,
      ),
      ...(workload.rest.route.includes(":id") ? { "404": errorResponse("Unknown id") } : {}),
      ...(body
        ? {
            "413": errorResponse("Body larger than the limit"),
            "415": errorResponse("A body in a Content-Encoding or a charset the stack does not read"),
          }
        : {}),
      "503": errorResponse("Database unavailable"),
    },
  };
}
