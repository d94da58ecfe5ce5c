import { describe, expect, it } from "vitest";
import { serviceBindings } from "./service-bindings";

describe("the services the runner is bound to, as the new-run page shows them", () => {
  it("names each service's host:port and that the runner starts it", () => {
    const bindings = serviceBindings({
      rest: { host: "127.0.0.1", port: 8080, statsPort: 8080, owner: "runner" },
      grpc: { host: "127.0.0.1", port: 50051, statsPort: 9464, owner: "runner" },
    });
    expect(bindings.map(({ ownerMeaning: _, ...b }) => b)).toEqual([
      { protocol: "REST", address: "127.0.0.1:8080", statsAddress: null, owner: "started by the runner" },
      { protocol: "gRPC", address: "127.0.0.1:50051", statsAddress: "127.0.0.1:9464", owner: "started by the runner" },
    ]);
  });

  it("says external for the operator's services on another host, IPv6 in brackets", () => {
    const bindings = serviceBindings({
      rest: { host: "services.internal", port: 8080, statsPort: 8080, owner: "external" },
      grpc: { host: "fd00::5", port: 50051, statsPort: 9464, owner: "external" },
    });
    expect(bindings.map((b) => `${b.protocol} ${b.address} ${b.owner}`)).toEqual([
      "REST services.internal:8080 external",
      "gRPC [fd00::5]:50051 external",
    ]);
    expect(bindings[0]!.ownerMeaning).toMatch(/never starts or stops it/);
  });

  it("shows nothing for a runner that does not say", () => {
    expect(serviceBindings(undefined)).toEqual([]);
  });
});
