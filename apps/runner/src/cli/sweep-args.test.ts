import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./args";
import { UsageError } from "./usage-error";

const run = (...argv: string[]) => {
  const args = parseCliArgs(argv);
  if (args.help) throw new Error("help");
  return args.spec;
};

const refused = (...argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
};

describe("--sweep", () => {
  it("turns one or two axes into the spec's sweep, a list axis as its own values", () => {
    const spec = run(
      "--workloads",
      "item.list",
      "--sweep",
      "records=1,10,100,1000",
      "--sweep",
      "network=loopback,cross-region",
    );
    expect(spec.sweep?.axes).toEqual([
      { dimension: "records", values: [1, 10, 100, 1000] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ]);
    expect(spec.sweep?.refine).toEqual({ resolution: 1.25, maxPoints: 8 });
  });

  it("reads sizes with units", () => {
    expect(run("--workloads", "upload", "--sweep", "payloadBytes=1KiB,1MiB").sweep?.axes[0]?.values).toEqual([
      1024,
      1024 * 1024,
    ]);
  });

  it("refuses a bad dimension, values out of bounds or not increasing, a third axis, too many points", () => {
    expect(refused("--sweep", "rows=1,10")).toMatch(/unknown dimension "rows" \(use records, payloadBytes/);
    expect(refused("--sweep", "records=1,20000")).toMatch(/records.*must be from 1 to 10000/);
    expect(refused("--sweep", "records=10,1")).toMatch(/values must increase \(10 then 1\)/);
    expect(refused("--sweep", "records=10")).toMatch(/from 2 to 12 values/);
    expect(refused("--sweep", "network=loopback,moon")).toMatch(/unknown network value "moon"/);
    expect(
      refused("--sweep", "records=1,2", "--sweep", "connections=1,2", "--sweep", "network=loopback,mobile"),
    ).toMatch(/at most 2 axes/);
    expect(refused("--sweep", "records=1,2,3,4,5,6,7", "--sweep", "connections=1,2,3,4,5,6")).toMatch(
      /7 records x 6 connections = 42 grid points, at most 36/,
    );
    expect(refused("--sweep", "records=1,2", "--sweep", "records=3,4")).toMatch(/records given twice/);
    expect(refused("--sweep", "network=loopback,mobile", "--network", "loopback")).toMatch(/give one of them/);
  });

  it("refuses a sweep whose measuring time, refinements counted, exceeds the run's limit", () => {
    expect(
      refused(
        "--workloads",
        "item.list",
        "--sweep",
        "records=1,10,100,1000,10000",
        "--duration",
        "5m",
        "--trials",
        "3",
      ),
    ).toMatch(
      /would measure for about \d+ min, counting every refinement point the sweep may add, more than the 60 min limit/,
    );
  });
});
