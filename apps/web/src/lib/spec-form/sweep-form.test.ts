import { describe, expect, it } from "vitest";
import { specBounds } from "@relix/core/spec/bounds";
import { runSpecSchema } from "@relix/core/spec/run-spec";
import {
  estimateRunMs,
  fieldOfPath,
  overridesOf,
  requestFieldsOf,
  specFieldsFrom,
  validateForm,
  valuesFrom,
} from "./spec-form";
import { NO_SWEEP, sweptDimensions, sweptHint, type SweepFormValues } from "./sweep-form";

const context = { bounds: specBounds, workloadIds: ["item.list", "noop"], cacheModes: ["warm", "cold"] };
const base = specFieldsFrom(
  runSpecSchema.parse({ workloads: ["item.list"], cacheModes: ["warm"], durationMs: 2000, warmupMs: 1000, trials: 1 }),
);
const withSweep = (sweep: SweepFormValues) => validateForm({ ...valuesFrom(base), sweep }, context);

describe("new-run form: the sweep", () => {
  it("turns a dimension and comma-separated values into the spec's sweep, sent as an override", () => {
    const { fields, errors } = withSweep([
      { dimension: "records", values: "1, 10,100 ,1000" },
      { dimension: "network", values: "loopback, cross-region" },
    ]);
    expect(errors).toEqual({});
    expect(fields.sweep).toEqual({
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000] },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
    });
    expect(overridesOf(fields, base).sweep).toEqual(fields.sweep);
    // What the form sends is what the runner's spec takes.
    expect(runSpecSchema.safeParse({ workloads: ["item.list"], sweep: fields.sweep }).success).toBe(true);
  });

  it("marks the sweep field with the core's own reasons: bounds, order, too many points, a bad name", () => {
    expect(
      withSweep([
        { dimension: "records", values: "10, 1" },
        { dimension: "", values: "" },
      ]).errors.sweep,
    ).toContain("values must increase");
    expect(
      withSweep([
        { dimension: "records", values: "1, 20000" },
        { dimension: "", values: "" },
      ]).errors.sweep,
    ).toMatch(/records must be from 1 to/);
    expect(
      withSweep([
        { dimension: "records", values: "1.5, 3" },
        { dimension: "", values: "" },
      ]).errors.sweep,
    ).toContain("whole numbers");
    expect(
      withSweep([
        { dimension: "records", values: "1,2,3,4,5,6,7" },
        { dimension: "connections", values: "1,2,3,4,5,6" },
      ]).errors.sweep,
    ).toContain("at most 36 grid points");
    expect(
      withSweep([
        { dimension: "network", values: "loopback, moon" },
        { dimension: "", values: "" },
      ]).errors.sweep,
    ).toBeTruthy();
    expect(
      withSweep([
        { dimension: "", values: "" },
        { dimension: "", values: "" },
      ]).fields.sweep,
    ).toBeUndefined();
  });

  it("puts the runner's refusal of a sweep (over its time budget) on the sweep field", () => {
    expect(fieldOfPath("spec.sweep")).toBe("sweep");
    expect(fieldOfPath("spec.sweep.axes.0.values")).toBe("sweep");
  });

  it("estimates every grid point and the search's budget before starting; a list axis replaces the spec's list", () => {
    // One point's pair: two sides, each a 1 s warm-up and a 2 s window.
    const one = 2 * (base.warmupMs + base.durationMs);
    // Without a sweep, the default 8 in flight in a closed loop: the pair again at one call in flight.
    expect(base.connections).toBeGreaterThan(1);
    expect(estimateRunMs(base)).toBe(2 * one);
    const records = withSweep([
      { dimension: "records", values: "1, 10, 100, 1000" },
      { dimension: "", values: "" },
    ]).fields;
    // A sweep measures each point by the tools and by one client for both: twice a point's sides;
    // never again at one call in flight, as it maps its own axis.
    expect(estimateRunMs(records)).toBe((4 + 8) * 2 * one);
    const grid = withSweep([
      { dimension: "records", values: "1, 10, 100, 1000" },
      { dimension: "network", values: "loopback, same-zone, cross-region" },
    ]).fields;
    expect(estimateRunMs(grid)).toBe((12 + 8) * 2 * one);
    const places = withSweep([
      { dimension: "network", values: "loopback, cross-region" },
      { dimension: "", values: "" },
    ]).fields;
    expect(estimateRunMs(places)).toBe(2 * 2 * one);
    expect(estimateRunMs(base)).toBe(2 * one);
  });

  it("shows a preset's sweep in the form as it was written", () => {
    const preset = specFieldsFrom(
      runSpecSchema.parse({
        workloads: ["item.list"],
        sweep: { axes: [{ dimension: "records", values: [1, 100, 10000] }] },
      }),
    );
    expect(valuesFrom(preset).sweep[0]).toEqual({ dimension: "records", values: "1, 100, 10000" });
    const { fields, errors } = validateForm(valuesFrom(preset), context);
    expect(errors).toEqual({});
    expect(overridesOf(fields, preset)).toEqual({});
  });

  it("clears a preset's sweep by sending null, since an absent field would keep the preset's", () => {
    const preset = specFieldsFrom(
      runSpecSchema.parse({
        workloads: ["item.list"],
        sweep: { axes: [{ dimension: "records", values: [1, 100, 10000] }] },
      }),
    );
    const { fields, errors } = validateForm({ ...valuesFrom(preset), sweep: NO_SWEEP }, context);
    expect(errors).toEqual({});
    expect(fields.sweep).toBeUndefined();
    expect(overridesOf(fields, preset)).toEqual({ sweep: null });
    expect(overridesOf(validateForm(valuesFrom(base), context).fields, base)).not.toHaveProperty("sweep");
  });

  it("names the dimensions the sweep sets, whose own inputs the form then disables", () => {
    const swept = sweptDimensions([
      { dimension: "records", values: "1, 10" },
      { dimension: "network", values: "loopback, cross-region" },
    ]);
    expect([...swept]).toEqual(["records", "network"]);
    expect(sweptDimensions(NO_SWEEP).size).toBe(0);
    expect(sweptHint("network")).toBe("set by the sweep's network axis below");
  });

  it("leaves out of the request the fields an axis sets at every point, which the runner would refuse beside it", () => {
    const { fields } = withSweep([
      { dimension: "records", values: "1, 100" },
      { dimension: "network", values: "loopback, cross-region" },
    ]);
    const sent = requestFieldsOf(fields);
    expect(sent).not.toHaveProperty("records");
    expect(sent).not.toHaveProperty("network");
    expect(sent).toMatchObject({ workloads: ["item.list"], connections: fields.connections, sweep: fields.sweep });
    const over = overridesOf({ ...fields, network: ["loopback"], records: 7 }, base);
    expect(over).not.toHaveProperty("network");
    expect(over).not.toHaveProperty("records");
  });
});
