import { describe, expect, it } from "vitest";
import { parseLocalGrpcTarget, parseLocalHttpUrl } from "./local-target";

describe("127.0.0.1-only targets", () => {
  it("accepts 127.0.0.1 with an explicit port", () => {
    expect(parseLocalHttpUrl("http://127.0.0.1:8080")).toEqual({
      origin: "http://127.0.0.1:8080",
      port: 8080,
      basePath: "",
    });
    expect(parseLocalHttpUrl("http://127.0.0.1:8080/v1/")).toMatchObject({ basePath: "/v1" });
    expect(parseLocalHttpUrl("http://127.0.0.1:80").port).toBe(80);
    expect(parseLocalGrpcTarget("127.0.0.1:50051")).toBe(50051);
  });

  it.each([
    "http://localhost:8080",
    "http://127.1:8080",
    "http://0x7f000001:8080",
    "http://2130706433:8080",
    "http://127.0.0.1:99999",
    "http://127.0.0.1:8080#x",
    "ftp://127.0.0.1:21",
  ])("rejects %s", (u) => {
    expect(() => parseLocalHttpUrl(u)).toThrow(/refusing/);
  });

  it.each(["127.0.0.1:70000", "127.0.0.1:", " 127.0.0.1:1", "localhost:1", "unix:///tmp/s"])(
    "rejects gRPC target %s",
    (t) => {
      expect(() => parseLocalGrpcTarget(t)).toThrow(/refusing/);
    },
  );
});
