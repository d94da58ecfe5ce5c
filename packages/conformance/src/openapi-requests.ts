/**
 * Requests generated from an OpenAPI document as a stack serves it, for a property-based fuzz
 * (fast-check): any documented operation, its path and query parameters, headers and body drawn
 * from their schemas, and as often something a schema refuses (a wrong type, a value out of
 * bounds, text that is not JSON, another Content-Type or none, no body), since a stack must refuse
 * those with a documented 4xx, never a 5xx.
 *
 * Bounded so a run takes seconds: arrays and strings are kept short, and the only server delay a
 * request may ask for is 0 ms (its refusals are still drawn; the sleeps are the conformance
 * suites' business). Path parameters are always decodable: Tomcat answers an undecodable path with
 * its own page before spring sees it, a difference already documented (services/java/README.md).
 */
import fc from "fast-check";
import { DELAY_HEADER } from "@relix/core";
import type { RawRequest } from "./http-stack-client";

/** The parts of JSON Schema the catalog's documents use. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One generated request and the operation of the document it was drawn for. */
export interface FuzzCase {
  method: string;
  template: string;
  operation: Operation;
  request: RawRequest;
}

/** Longest array and string drawn: long enough for every shape, short enough for thousands of calls. */
const MAX_ITEMS = 8;
const MAX_CHARS = 24;

const CONTENT_TYPES_NOT_DOCUMENTED = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=relix",
  "application/json; charset=latin1",
  "application/octet-stream",
];

/** Any JSON value: what a schema's type does not allow, most of the time. */
const anyJson = fc.jsonValue({ maxDepth: 2, depthSize: "small" });

/** A value its schema accepts, as far as the bounds above let it. */
function valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(s, depth + 1)));
  switch (schema.type) {
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -(2 ** 31)) + 1;
      const max = schema.maximum ?? 2 ** 31;
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
        fc.constantFrom(min, max),
      );
    }
    case "number":
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "string":
      return fc.string({
        unit: "grapheme",
        minLength: Math.min(schema.minLength ?? 0, MAX_CHARS),
        maxLength: Math.max(Math.min(schema.maxLength ?? MAX_CHARS, MAX_CHARS), schema.minLength ?? 0),
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = Math.min(schema.minItems ?? 0, MAX_ITEMS);
      const maxLength = Math.max(Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS), minLength);
      return fc.array(valid(schema.items, depth + 1), { minLength, maxLength });
    }
    case "object": {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => [name, valid(s, depth + 1)]),
      );
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      const extra = schema.additionalProperties;
      if (typeof extra !== "object") return record;
      return fc
        .tuple(record, fc.dictionary(fc.string({ maxLength: 8 }), valid(extra, depth + 1), { maxKeys: 4 }))
        .map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return anyJson;
  }
}

/**
 * A value for the schema: usually valid, otherwise one wrong in one of the ways a client gets it
 * wrong (any JSON instead, a field missing or of another type, a bound crossed).
 */
function value(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid(schema), weight: 3 }, { arbitrary: anyJson, weight: 1 });
}

/** A header or query value: the schema's value written as text, or any short printable text. */
function text(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: valid(schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 12 }), weight: 1 },
  );
}

/** The delay header: 0 ms or a value it refuses, never a real sleep (see above). */
const delayText = fc.constantFrom("0", "-1", "1001", "1.5", "abc", "", "99999999999");

/**
 * A path parameter, URL-encoded: the schema's value, or any text but none of those that name
 * another route (an empty segment: `/v1/items/` is the list, on every stack; `.` and `..`, which
 * a client resolves away before sending).
 */
function pathSegment(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.integer({ min: 1, max: 120 }).map(String), weight: 3 },
      { arbitrary: text(schema).filter((segment) => !["", ".", ".."].includes(segment)), weight: 2 },
    )
    .map((segment) => encodeURIComponent(segment));
}

/** The body: JSON drawn from the schema, raw bytes, text that is not JSON, or nothing. */
function body(operation: Operation): fc.Arbitrary<{ contentType?: string; body?: string | Buffer }> {
  const content = operation.requestBody?.content ?? {};
  const [documentedType] = Object.keys(content);
  if (documentedType === undefined) return fc.constant({});
  const schema = content[documentedType]?.schema;
  const payload: fc.Arbitrary<string | Buffer> =
    schema?.format === "binary"
      ? fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes))
      : fc.oneof(
          { arbitrary: value(schema).map((v) => JSON.stringify(v) ?? ""), weight: 6 },
          { arbitrary: fc.string({ unit: "grapheme", maxLength: MAX_CHARS }), weight: 1 },
        );
  const contentType = fc.oneof(
    { arbitrary: fc.constant(documentedType), weight: 6 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES_NOT_DOCUMENTED), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.record({ contentType, body: payload }), weight: 9 },
    { arbitrary: fc.record({ contentType }), weight: 1 },
  );
}

/** Requests for one operation of the document. */
function casesOf(template: string, method: string, operation: Operation): fc.Arbitrary<FuzzCase> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === "path");
  const optional = (p: Parameter, arbitrary: fc.Arbitrary<string>) =>
    p.required ? arbitrary : fc.option(arbitrary, { nil: undefined });
  const pathValues = fc.tuple(...inPath.map((p) => pathSegment(p.schema)));
  const queryValues = fc.tuple(
    ...parameters
      .filter((p) => p.in === "query")
      .map((p) => optional(p, text(p.schema)).map((v) => [p.name, v] as const)),
  );
  const headerValues = fc.tuple(
    ...parameters
      .filter((p) => p.in === "header")
      .map((p) => optional(p, p.name === DELAY_HEADER ? delayText : text(p.schema)).map((v) => [p.name, v] as const)),
  );
  return fc
    .record({ path: pathValues, query: queryValues, headers: headerValues, body: body(operation) })
    .map((drawn) => {
      let path = template;
      inPath.forEach((p, i) => (path = path.replace(`{${p.name}}`, drawn.path[i]!)));
      const query = drawn.query
        .filter(([, v]) => v !== undefined)
        .map(([name, v]) => `${encodeURIComponent(name)}=${encodeURIComponent(v!)}`);
      const headers: Record<string, string> = {};
      for (const [name, v] of drawn.headers) if (v !== undefined) headers[name] = v;
      if (drawn.body.contentType !== undefined) headers["content-type"] = drawn.body.contentType;
      const request: RawRequest = {
        method: method.toUpperCase(),
        path: query.length > 0 ? `${path}?${query.join("&")}` : path,
        headers,
        ...(drawn.body.body !== undefined ? { body: drawn.body.body } : {}),
      };
      const described = `${request.method} ${request.path} ${JSON.stringify(headers)} ${
        request.body === undefined ? "(no body)" : JSON.stringify(String(request.body).slice(0, 200))
      }`;
      // fast-check prints a failing case this way: the request, not the whole operation.
      return { method: method.toUpperCase(), template, operation, request, [fc.toStringMethod]: () => described };
    });
}

/** Requests for any operation the document lists, each operation as likely as another. */
export function fuzzCasesOf(document: OpenApiDocument): fc.Arbitrary<FuzzCase> {
  const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => casesOf(template, method, operation)),
  );
  return fc.oneof(...operations);
}
