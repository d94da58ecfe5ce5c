import { mapRouteParams } from "../catalog/rest-request";
import { workloads } from "../catalog/catalog";
import { stackServesWorkload } from "../stacks/stack-workloads";
import { stackRecord, type StackId } from "../stacks/stacks";
import { errorResponse, workloadOperation } from "./workload-operation";

/**
 * The OpenAPI 3.1 document of one REST stack: the catalog's workloads its record says it serves,
 * and the operations endpoints every HTTP stack answers. Each stack serves it at /openapi.json
 * (the Node one builds it at start-up; the Java and Python servers serve the copy written from it
 * into contract/openapi/), so what a client is told a stack serves is what it serves.
 */
export function openApiDocumentOf(stack: StackId) {
  const record = stackRecord(stack);
  if (record.family !== "rest" || record.encoding !== "json")
    throw new Error(`${stack} is not a REST stack with JSON bodies: it has no OpenAPI document`);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const workload of workloads.filter((w) => stackServesWorkload(stack, w.id))) {
    const path = mapRouteParams(workload.rest.route, (name) => `{${name}}`);
    paths[path] ??= {};
    paths[path][workload.rest.method.toLowerCase()] = workloadOperation(workload);
  }
  const plain = (summary: string) => ({ get: { summary, responses: { "200": { description: "OK" } } } });
  paths["/healthz"] = plain("Liveness: the process answers");
  paths["/readyz"] = {
    get: {
      summary: "Readiness: Redis and MySQL reachable",
      responses: { "200": { description: "ready" }, "503": errorResponse("not ready") },
    },
  };
  paths["/metrics"] = plain("Prometheus metrics");
  paths["/stats"] = {
    ...plain("JSON counters for the Relix runner"),
    post: {
      summary: "The runner's read before a trial: the counters, then a new peak-RSS window",
      responses: {
        "200": { description: "OK" },
        "403": errorResponse("Refused without the runner's reset header (a GET only reads)"),
      },
    },
  };
  paths["/openapi.json"] = plain("This document");
  const served = record.workloads ? `the workloads ${record.workloads.join(", ")}` : "every workload of the catalog";
  return {
    openapi: "3.1.0",
    info: {
      title: `Relix REST API: the ${stack} stack`,
      version: "1.0.0",
      description: `${record.isolates}. It serves ${served}, as the gRPC stacks do (package relix.v1).`,
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocumentOf>;
