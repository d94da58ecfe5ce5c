import { describe, expect, it } from "vitest";
import { checkHost, webServedHosts } from "./host-check";

const env = { WEB_HOST: undefined, WEB_ALLOWED_HOSTS: [], WEB_ALLOWED_ORIGINS: [] };
const host = (value: string) => new Headers({ host: value });

describe("webServedHosts and checkHost", () => {
  it("answers loopback names only, by default", () => {
    const served = webServedHosts(env);
    for (const name of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "LOCALHOST"]) {
      expect(checkHost(host(name), served), name).toEqual({ ok: true });
    }
    for (const name of ["rebind.example:3000", "localhost.rebind.example", "127.0.0.1.nip.io:3000", "", "a b"]) {
      expect(checkHost(host(name), served), name).toMatchObject({ ok: false });
    }
    expect(checkHost(host("rebind.example:3000"), served)).toMatchObject({
      reason: expect.stringMatching(/"rebind.example:3000".*WEB_ALLOWED_HOSTS/),
    });
  });

  it("adds WEB_HOST (unless a wildcard), the hosts of WEB_ALLOWED_ORIGINS and WEB_ALLOWED_HOSTS", () => {
    const served = webServedHosts({
      WEB_HOST: "10.0.0.5",
      WEB_ALLOWED_ORIGINS: ["https://relix.example"],
      WEB_ALLOWED_HOSTS: ["web", "Relix.LAN"],
    });
    expect([...served].sort()).toEqual(["10.0.0.5", "relix.example", "relix.lan", "web"]);
    expect(webServedHosts({ ...env, WEB_HOST: "0.0.0.0" }).size).toBe(0);
    expect(checkHost(host("relix.lan:3000"), served)).toEqual({ ok: true });
  });
});
