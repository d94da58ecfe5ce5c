/**
 * Every REST stack with JSON bodies this machine serves (Node's, and Java's and Python's where they
 * are built) and the OpenAPI document its record gives (packages/core/src/openapi/):
 * - it serves that document at /openapi.json;
 * - it answers every route the document lists, and answers "no route" to every other route of the
 *   catalog, so the document says exactly what the stack serves;
 * - a property-based fuzz: requests drawn from the document it serves (openapi-requests.ts), every
 *   answer a status the document lists, never a 5xx, errors in the documented shape, successes in
 *   the documented type and schema (openapi-answers.ts). Seeded, so a run is repeatable; bounded in
 *   calls and time. RELIX_FUZZ_SEED and RELIX_FUZZ_RUNS draw other or more requests.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIR, stackRecord, type StackId } from "@relix/core";
import { openApiDocumentOf } from "@relix/core/openapi/stack-openapi";
import { restStacksBuiltHere, startAvailableRestStacks, type AvailableRestStacks } from "./available-rest-stacks";
import { stackRequest, type RawRequest } from "./http-stack-client";
import { brokenPromise } from "./openapi-answers";
import { fuzzCasesOf, type OpenApiDocument } from "./openapi-requests";

const RUNS = Number(process.env.RELIX_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.RELIX_FUZZ_SEED ?? 20_260_101);
/** Past this a stack's fuzz stops where it is, and passes on the requests it made. */
const FUZZ_TIME_LIMIT_MS = 45_000;

/** The REST stacks with JSON bodies: a protobuf one has no OpenAPI document. */
const withJsonBodies = (stack: StackId) => stackRecord(stack).encoding === "json";
const built = restStacksBuiltHere();
const stacks = built.stacks.filter(withJsonBodies);
const leftOut = built.leftOut.filter(({ stack }) => withJsonBodies(stack));

/** Every operation of a document, as the method and the path template. */
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`),
  );

/** A request reaching the operation's route with no body: the route alone decides whether it is served. */
function routeRequest(operation: string): RawRequest {
  const [method, template] = operation.split(" ") as [string, string];
  return { method, path: template.replace(/\{\w+\}/g, "1") };
}

let started: AvailableRestStacks;
beforeAll(async () => {
  started = await startAvailableRestStacks("relix_openapi_contract");
}, 300_000);
afterAll(async () => {
  await started?.close();
}, 30_000);

const servedDocument = async (stack: StackId): Promise<OpenApiDocument> => {
  const answer = await stackRequest(started, stack, { method: "GET", path: "/openapi.json" });
  expect(answer.status).toBe(200);
  expect(answer.contentType).toContain("application/json");
  return JSON.parse(answer.body.toString("utf8")) as OpenApiDocument;
};

describe("each REST stack serves the OpenAPI document its record gives, and keeps it", () => {
  // The whole catalog's routes: the document of the stack that serves every workload.
  const catalogOperations = operationsOf(openApiDocumentOf(DEFAULT_PAIR.rest) as OpenApiDocument);

  for (const { stack, reason } of leftOut) it.skip(`${stack}: ${reason}`, () => {});
  for (const stack of stacks) {
    it(`${stack}: /openapi.json is the document the catalog and its record give`, async () => {
      expect(await servedDocument(stack)).toEqual(openApiDocumentOf(stack));
    });

    it(`${stack}: answers each route its document lists, and "no route" to each other route of the catalog`, async () => {
      const listed = new Set(operationsOf(openApiDocumentOf(stack) as OpenApiDocument));
      const wrong: string[] = [];
      for (const operation of catalogOperations) {
        const answer = await stackRequest(started, stack, routeRequest(operation));
        const noRoute = answer.status === 404 && answer.body.toString("utf8").includes('"no route for ');
        if (noRoute === listed.has(operation))
          wrong.push(
            `${operation}: ${listed.has(operation) ? "listed, but no route" : `not listed, answered ${answer.status}`}`,
          );
      }
      expect(wrong).toEqual([]);
    });

    it(`${stack}: a property-based fuzz of its document (${RUNS} requests, seed ${SEED}): each answer as documented`, async () => {
      const document = await servedDocument(stack);
      await fc.assert(
        fc.asyncProperty(fuzzCasesOf(document), async ({ operation, request }) => {
          const broken = brokenPromise(operation, await stackRequest(started, stack, request));
          if (broken) throw new Error(broken);
        }),
        { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS, endOnFailure: false },
      );
    }, 180_000);
  }
});
