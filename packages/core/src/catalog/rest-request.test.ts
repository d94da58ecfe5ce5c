import { describe, expect, it } from "vitest";
import { getWorkload, workloads } from "./catalog";
import { parseRequest } from "./parse-request";
import { fillRoute, queryOf, restRequestOf, routeParams } from "./rest-request";
import { defaultWorkloadParams } from "./workload";

/** A route as a pattern its filled paths must match: each :param one path segment. */
const routePattern = (route: string) => new RegExp(`^${route.replace(/:\w+/g, "[^/?]+")}(\\?.*)?$`);

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
    const params = { ...defaultWorkloadParams, keyCount: 3, payloadBytes: 16, records: 7, echoBytes: 33 };
    for (const request of workload.requests(params)) {
      const http = restRequestOf(workload, request);
      expect(http.method).toBe(workload.rest.method);
      expect(http.path).toMatch(routePattern(workload.rest.route));
      expect(http.body === undefined).toBe(workload.rest.body === "none");
    }
  });

  it("asks item.list and item.stream for the spec's record count in the query, and for nothing at the default", () => {
    for (const [id, route] of [
      ["item.list", "/v1/items"],
      ["item.stream", "/v1/streams/items"],
    ] as const) {
      const workload = getWorkload(id);
      const [sized] = workload.requests({ ...defaultWorkloadParams, records: 2500 });
      expect(restRequestOf(workload, sized)).toEqual({ method: "GET", path: `${route}?limit=2500` });
      expect(workload.grpc.build(sized)).toEqual({ limit: 2500 });
      const [plain] = workload.requests(defaultWorkloadParams);
      expect(restRequestOf(workload, plain)).toEqual({ method: "GET", path: route });
      expect(workload.grpc.build(plain)).toEqual({});
    }
    expect(queryOf(["limit", "x"], { limit: 3, x: "a b" })).toBe("?limit=3&x=a%20b");
    expect(queryOf(undefined, { limit: 3 })).toBe("");
  });

  it("reads the count from the query and from the message alike, and refuses a bad one naming limit", () => {
    const list = getWorkload("item.list");
    const rest = (query: Record<string, unknown>) =>
      parseRequest(list, list.rest.parse({ params: {}, query, body: undefined }));
    const grpc = (message: Record<string, unknown>) => parseRequest(list, list.grpc.parse(message));
    expect(rest({})).toEqual({});
    expect(rest({ limit: "10000" })).toEqual({ limit: 10_000 });
    expect(grpc({ limit: 0 })).toEqual({});
    expect(grpc({ limit: 7 })).toEqual({ limit: 7 });
    for (const limit of ["0", "10001", "1.5", "-3", "abc", "", ["1", "2"]]) {
      expect(() => rest({ limit })).toThrow(/^limit: must be a whole number from 1 to 10000$/);
    }
    expect(() => grpc({ limit: 10_001 })).toThrow(/^limit: must be a whole number from 1 to 10000$/);
  });

  it("sizes echo's map to exactly echoBytes, ten entries, and keeps the study's message without it", () => {
    const echo = getWorkload("echo");
    const [study] = echo.requests(defaultWorkloadParams) as [{ message: string; data: Record<string, string> }];
    expect(JSON.stringify(study).length).toBeGreaterThan(450);
    expect(JSON.stringify(study).length).toBeLessThan(600);
    for (const echoBytes of [1, 9, 10, 513, 1024 * 1024]) {
      const [sized] = echo.requests({ ...defaultWorkloadParams, echoBytes }) as [typeof study];
      const values = Object.values(sized.data);
      expect(Object.keys(sized.data)).toEqual(Object.keys(study.data));
      expect(values.reduce((sum, v) => sum + Buffer.byteLength(v), 0)).toBe(echoBytes);
      expect(Math.max(...values.map((v) => v.length)) - Math.min(...values.map((v) => v.length))).toBeLessThanOrEqual(
        1,
      );
      expect(sized.message).toBe(study.message);
      expect(parseRequest(echo, echo.rest.parse({ params: {}, query: {}, body: sized }))).toEqual(sized);
    }
  });
});
