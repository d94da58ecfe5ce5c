import { describe, expect, it } from "vitest";
import { clientViewsOf } from "./measure/placement-cells";

const pair = { rest: "express", grpc: "grpc-js" } as const;

describe("which clients measure a run's cells, fixed by its spec before anything is measured", () => {
  it("a run that asks for both measures every cell both ways, for that reason", () => {
    expect(clientViewsOf({ spec: { clients: "both" } }, pair)).toMatchObject({ equal: true, reason: "asked" });
  });

  it("a sweep measures every cell both ways, whatever its clients", () => {
    for (const clients of ["tools", "both"]) {
      expect(clientViewsOf({ sweep: {}, spec: { clients } }, pair)).toMatchObject({ equal: true, reason: "sweep" });
    }
  });

  it("a run that asks for the tools keeps them alone: no reading of the run adds a second view", () => {
    expect(clientViewsOf({ spec: { clients: "tools" } }, pair)).toMatchObject({ equal: false, reason: null });
  });
});
