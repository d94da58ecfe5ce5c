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

  it("follows the flags over the crossover preset's sweep: none drops it, --network narrows it, --records fixes it", () => {
    const none = run("--preset", "crossover", "--sweep", "none");
    expect(none.sweep).toBeUndefined();
    expect(none.workloads).toEqual(["item.list"]);

    const narrowed = run("--preset", "crossover", "--network", "loopback,cross-region");
    expect(narrowed.sweep?.axes.map((a) => [a.dimension, a.values])).toEqual([
      ["records", [1, 10, 100, 1_000, 10_000]],
      ["network", ["loopback", "cross-region"]],
    ]);

    const fixed = run("--preset", "crossover", "--records", "500", "--network", "loopback");
    expect(fixed.sweep).toBeUndefined();
    expect(fixed.records).toBe(500);

    expect(refused("--preset", "crossover", "--sweep", "none", "--sweep", "records=1,10")).toMatch(
      /--sweep none with another --sweep/,
    );
  });

  it("sets records and the echo size for one point, and refuses them beside a sweep of the same dimension", () => {
    const spec = run("--workloads", "item.list,echo", "--records", "2500", "--echo-size", "4KiB");
    expect(spec.records).toBe(2500);
    expect(spec.echoBytes).toBe(4096);
    expect(refused("--records", "20000")).toMatch(/--records.*1.*10000|10,000/);
    expect(refused("--workloads", "item.list", "--records", "10", "--sweep", "records=1,100")).toMatch(
      /--sweep records=\.\.\. and --records "10"/,
    );
    expect(refused("--workloads", "echo", "--echo-size", "1KiB", "--sweep", "echoBytes=16,4096")).toMatch(
      /and --echo-size/,
    );
    expect(refused("--workloads", "item.get", "--rtt", "20", "--sweep", "network=loopback,cross-region")).toMatch(
      /and --rtt "20"/,
    );
  });
});
