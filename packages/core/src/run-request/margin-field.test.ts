import { describe, expect, it } from "vitest";
import { DEFAULT_MARGIN } from "../stats/equivalence-margin";
import { FlagValueError } from "./flag-values";
import { marginField, marginText } from "./margin-field";
import { resolveRunRequest } from "./resolve-run-request";

const fromFlag = (raw: string) =>
  marginField.cli!.read(
    { one: (flag) => (flag === "margin" ? raw : undefined), all: () => [] },
    { preset: { network: [] } },
  );

describe("the --margin flag", () => {
  it("takes a percentage with or without its sign", () => {
    expect(fromFlag("5%")).toBeCloseTo(0.05, 12);
    expect(fromFlag("5")).toBeCloseTo(0.05, 12);
    expect(fromFlag("2.5%")).toBeCloseTo(0.025, 12);
    expect(fromFlag(" 0 ")).toBe(0);
    expect(fromFlag("50%")).toBeCloseTo(0.5, 12);
  });

  it("refuses what is not a percentage from 0% to 50%, naming the flag and what is allowed", () => {
    expect(() => fromFlag("five")).toThrow(FlagValueError);
    expect(() => fromFlag("five")).toThrow('--margin "five": not a percentage; use e.g. 5% or 5, from 0% to 50%');
    expect(() => fromFlag("60%")).toThrow('--margin "60%": must be from 0% to 50%');
    expect(() => fromFlag("-5%")).toThrow(/not a percentage/);
    expect(() => fromFlag("5%%")).toThrow(/not a percentage/);
  });

  it("writes a margin back as the flag takes it, the default among them", () => {
    expect(marginText(DEFAULT_MARGIN)).toBe("5%");
    expect(marginText(0.025)).toBe("2.5%");
    expect(marginField.cli!.flags[0].default).toBe("5%");
  });
});

describe("the margin field of a run spec", () => {
  it("is absent unless given (the default then applies), and bounded from 0 to 0.5", () => {
    const plain = resolveRunRequest({ spec: { workloads: ["noop"] } });
    expect(plain.ok && plain.spec.margin).toBeUndefined();
    const given = resolveRunRequest({ spec: { workloads: ["noop"], margin: 0.02 } });
    expect(given.ok && given.spec.margin).toBe(0.02);
    const tooWide = resolveRunRequest({ spec: { workloads: ["noop"], margin: 0.6 } });
    expect(tooWide.ok).toBe(false);
    expect(!tooWide.ok && tooWide.errors[0]?.path).toBe("spec.margin");
  });
});
