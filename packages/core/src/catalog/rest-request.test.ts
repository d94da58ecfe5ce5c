import { describe, expect, it } from "vitest";
import { getWorkload, workloads } from "./catalog";
import { fillRoute, restRequestOf, routeParams } from "./rest-request";
import { defaultWorkloadParams } from "./workload";

/** A route as a pattern its filled paths must match: each :param one path segment. */
const routePattern = (route: string) => new RegExp(`^${route.replace(/:\w+/g, "[^/]+")}$`);

describe("REST requests derived from the route", () => {
  it("fills the route's params from the request", () => {
    expect(restRequestOf(getWorkload("item.get"), { id: 42 })).toEqual({ method: "GET", path: "/v1/items/42" });
    expect(restRequestOf(getWorkload("shape.deepest.get"), { id: 7 })).toEqual({
      method: "GET",
      path: "/v1/shapes/deepest/7",
    });
    expect(routeParams("/v1/shapes/small/:id")).toEqual(["id"]);
    expect(routeParams("/v1/noop")).toEqual([]);
    expect(fillRoute("/v1/a/:name/:id", { name: "x y", id: 3 })).toBe("/v1/a/x%20y/3");
  });

  it("refuses a request that lacks a param, rather than sending a wrong path", () => {
    expect(() => fillRoute("/v1/items/:id", {})).toThrow('the request has no "id" to fill the route /v1/items/:id');
  });

  it("sends a JSON body as the request itself, and a raw body as the bytes the workload names", () => {
    const echo = getWorkload("echo");
    const [request] = echo.requests(defaultWorkloadParams);
    expect(restRequestOf(echo, request)).toEqual({
      method: "POST",
      path: "/v1/echo",
      body: JSON.stringify(request),
      contentType: "application/json",
    });
    const upload = getWorkload("upload");
    const payload = Buffer.from("relix");
    expect(restRequestOf(upload, { payload })).toEqual({
      method: "POST",
      path: "/v1/upload",
      body: payload,
      contentType: "application/octet-stream",
    });
  });

  it.each(workloads.map((w) => [w.id, w] as const))("%s: every request it sends is on its route", (_, workload) => {
    const params = { ...defaultWorkloadParams, keyCount: 3, payloadBytes: 16 };
    for (const request of workload.requests(params)) {
      const http = restRequestOf(workload, request);
      expect(http.method).toBe(workload.rest.method);
      expect(http.path).toMatch(routePattern(workload.rest.route));
      expect(http.body === undefined).toBe(workload.rest.body === "none");
    }
  });
});
