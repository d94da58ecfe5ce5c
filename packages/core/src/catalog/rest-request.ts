import type { RestRequest, Workload } from "./workload";

// A workload names its REST route once (`/v1/items/:id`); the path of a request is that route with
// each `:param` filled from the request's field of the same name, so the route the REST API serves,
// its OpenAPI path and the path the runner sends can never disagree.

const PARAM = /:(\w+)/g;

/** The names of a route's path parameters, in order: `/v1/shapes/small/:id` -> ["id"]. */
export function routeParams(route: string): string[] {
  return [...route.matchAll(PARAM)].map((match) => match[1]!);
}

/** The route with each `:param` written as `write(name)` gives it (`{id}` in OpenAPI, a value in a request). */
export function mapRouteParams(route: string, write: (name: string) => string): string {
  return route.replace(PARAM, (_, name: string) => write(name));
}

/** The route with every `:param` replaced by the request's value of that name, URL-encoded. */
export function fillRoute(route: string, request: unknown): string {
  return mapRouteParams(route, (name) => {
    const value = (request as Record<string, unknown> | null)?.[name];
    if (typeof value !== "string" && typeof value !== "number") {
      throw new TypeError(`the request has no "${name}" to fill the route ${route}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from the request's fields the binding sends as query parameters; "" when it has none. */
export function queryOf(names: readonly string[] | undefined, request: unknown): string {
  const fields = (request as Record<string, unknown> | null) ?? {};
  const pairs = (names ?? [])
    .filter((name) => fields[name] !== undefined)
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(fields[name]))}`);
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

/** A validated request -> the HTTP request that carries it, all of it derived from the workload's REST binding. */
export function restRequestOf<Req>(workload: Workload<Req>, request: Req): RestRequest {
  const rest = workload.rest;
  const path = fillRoute(rest.route, request) + queryOf(rest.query, request);
  const http: RestRequest = { method: rest.method, path };
  if (rest.body === "json") return { ...http, body: JSON.stringify(request), contentType: "application/json" };
  if (rest.body === "raw") {
    const raw: RestRequest = { ...http, body: rest.rawBody(request), contentType: rest.rawContentType };
    return rest.chunkBytes === undefined ? raw : { ...raw, chunkBytes: rest.chunkBytes };
  }
  return http;
}
