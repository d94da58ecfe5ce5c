import { describe, expect, it } from "vitest";
import { parseLocalGrpcTarget, parseLocalHttpUrl } from "../../tools";
import {
  grpcStatsUrl,
  grpcTarget,
  remoteAddress,
  remoteHostsOption,
  restBaseUrl,
  type ServiceTargets,
} from "./targets";

// Configuration only: nothing here opens a socket.

const remote: ServiceTargets = {
  host: "10.0.0.5",
  grpcHost: "fd00::5",
  restPort: 8080,
  grpcPort: 50051,
  grpcMetricsPort: 9464,
  external: true,
};

describe("service targets on another host", () => {
  it("address each service on its own host, the gRPC metrics port beside gRPC", () => {
    expect(restBaseUrl(remote)).toBe("http://10.0.0.5:8080");
    expect(grpcTarget(remote)).toBe("[fd00::5]:50051");
    expect(grpcStatsUrl(remote)).toBe("http://[fd00::5]:9464");
  });

  it("let the drivers load exactly the hosts the operator named, and only with the opt-in", () => {
    const option = remoteHostsOption(remote);
    expect(option).toEqual({ remoteHosts: ["10.0.0.5", "fd00::5"] });
    expect(parseLocalHttpUrl(restBaseUrl(remote), option.remoteHosts).origin).toBe("http://10.0.0.5:8080");
    expect(parseLocalGrpcTarget(grpcTarget(remote), option.remoteHosts).hostPort).toBe("[fd00::5]:50051");
    expect(() => parseLocalHttpUrl("http://10.0.0.6:8080", option.remoteHosts)).toThrow(/refusing to send load/);

    const { external: _optIn, ...notOptedIn } = remote;
    expect(remoteHostsOption(notOptedIn)).toEqual({});
    expect(() => parseLocalHttpUrl(restBaseUrl(notOptedIn), remoteHostsOption(notOptedIn).remoteHosts)).toThrow(
      /refusing to send load to "http:\/\/10\.0\.0\.5:8080": host 10\.0\.0\.5 is not loopback/,
    );
  });

  it("needs no remote host for loopback services, opt-in or not", () => {
    expect(
      remoteHostsOption({ host: "127.0.0.2", restPort: 1, grpcPort: 2, grpcMetricsPort: 3, external: true }),
    ).toEqual({});
  });

  it.each([
    ["10.0.0.5", "10.0.0.5"],
    ["services.internal", "services.internal"],
    ["[fd00::5]", "fd00::5"],
    ["fd00::5", "fd00::5"],
  ])("takes %s as a host to connect to", (host, address) => {
    expect(remoteAddress(host)).toBe(address);
  });

  it.each(["127.1", "10.1", "0.0.0.0", "::", "[::]", "2130706433", "010.0.0.5", "a_b.internal", "host.123", "[a.b]"])(
    "refuses %s, which names no host as written",
    (host) => {
      expect(remoteAddress(host)).toBeNull();
    },
  );
});
