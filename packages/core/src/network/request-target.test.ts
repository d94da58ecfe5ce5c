import { describe, expect, it } from "vitest";
import { requestUrl } from "./request-target";

describe("requestUrl", () => {
  it("reads a target that starts with // as a path, never as a host", () => {
    expect(requestUrl("//")?.pathname).toBe("//");
    const hostLike = requestUrl("//relix.invalid/healthz?x=1");
    expect(hostLike?.pathname).toBe("//relix.invalid/healthz");
    expect(hostLike?.host).toBe("request.invalid");
  });

  it("keeps the path and query of an ordinary target, and of an absolute-form one", () => {
    const url = requestUrl("/stats?stack=grpc-js-static");
    expect(url?.pathname).toBe("/stats");
    expect(url?.searchParams.get("stack")).toBe("grpc-js-static");
    expect(requestUrl(undefined)?.pathname).toBe("/");
    expect(requestUrl("http://127.0.0.1:4000/api/runs?limit=5")?.href).toBe("http://request.invalid/api/runs?limit=5");
  });

  it("is null for what is no URL path: *, a bare word, another scheme", () => {
    expect(requestUrl("*")).toBeNull();
    expect(requestUrl("healthz")).toBeNull();
    expect(requestUrl("file:///etc/passwd")).toBeNull();
  });
});
