import { describe, expect, it } from "vitest";
import { getFreePort } from "./free-port";
import { parseRedisVersion, readMysqlVersion, readRedisVersion } from "./server-versions";

function backendUrl(name: "REDIS_URL" | "MYSQL_URL"): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: run the tests through vitest, whose global setup provides it`);
  return url;
}

describe("server versions", () => {
  it("parses redis_version out of INFO server", () => {
    const info = "# Server\r\nredis_version:7.0.15\r\nredis_git_sha1:00000000\r\n";
    expect(parseRedisVersion(info)).toBe("7.0.15");
    expect(parseRedisVersion("# Server\r\n")).toBeNull();
  });

  it("reads the versions of the running test backends", async () => {
    expect(await readRedisVersion(backendUrl("REDIS_URL"))).toMatch(/^\d+\.\d+\.\d+/);
    expect(await readMysqlVersion(backendUrl("MYSQL_URL"))).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("names the server it could not reach, without its password", async () => {
    const port = await getFreePort();
    await expect(readRedisVersion(`redis://:hunter2@127.0.0.1:${port}`)).rejects.toThrow(
      `could not read the Redis version at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED`,
    );
    const error: unknown = await readMysqlVersion(`mysql://relix:hunter2@127.0.0.1:${port}/relix`).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`mysql://relix:***@127.0.0.1:${port}/relix`);
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect((error as Error).message).not.toContain("hunter2");
  });
});
