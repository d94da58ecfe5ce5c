import { describe, expect, it } from "vitest";
import { makeRunResult } from "../testing/result-fixture";
import { checkResultText, RESULT_MAX_ISSUES, RESULT_TEXT_LIMITS } from "./check-result-text";

const MIB = 1024 * 1024;
const valid = makeRunResult({
  spec: { workloads: ["noop", "item.get"], stacks: ["express", "grpc-js", "node", "h2c"] },
});

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

function pathsOf(check: ReturnType<typeof checkResultText>): string[] {
  return check.ok ? [] : check.issues.map((issue) => issue.path.join("."));
}

describe("checking an imported result's text", () => {
  it("accepts a result as `pnpm bench --json` writes it, indented or not", () => {
    for (const text of [JSON.stringify(valid), JSON.stringify(valid, null, 2)]) {
      const check = checkResultText(text);
      expect(check).toEqual({ ok: true, result: valid });
    }
  });

  it('refuses 20 MiB of `{"warnings":[0,0,…]}` at once, with a short answer', () => {
    const probe = `{"warnings":[${"0,".repeat(10 * MIB - 1)}0]}`;
    const { value: check, ms } = timed(() => checkResultText(probe));
    console.log(`20 MiB of zeros refused in ${ms.toFixed(0)} ms`);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toBe("invalid_result");
    expect(check.message).toMatch(/more than 4,000,000 values/);
    expect(check.issues.length).toBeLessThanOrEqual(RESULT_MAX_ISSUES);
    expect(ms).toBeLessThan(2000);
  });

  it("refuses a nesting bomb without parsing it", () => {
    const depth = 10 * MIB;
    const { value: check, ms } = timed(() => checkResultText(`{"warnings":${"[".repeat(depth)}${"]".repeat(depth)}}`));
    console.log(`a nesting bomb 20 MiB deep refused in ${ms.toFixed(0)} ms`);
    expect(check).toMatchObject({ ok: false, problem: "invalid_result" });
    if (!check.ok) expect(check.message).toMatch(/nested deeper than 32 levels \(at character 43\)/);
    expect(ms).toBeLessThan(2000);
  });

  it("lists every problem of a small document, at most RESULT_MAX_ISSUES of them", () => {
    const check = checkResultText(JSON.stringify({ ...valid, schema: "relix.result/v0", warnings: [1, 2, 3] }));
    expect(check).toMatchObject({ ok: false, problem: "invalid_result", message: /\(4 problems\)/ });
    expect(pathsOf(check)).toEqual(["schema", "warnings.0", "warnings.1", "warnings.2"]);

    const many = checkResultText(JSON.stringify({ ...valid, warnings: Array.from({ length: 5000 }, (_, i) => i) }));
    expect(many).toMatchObject({ ok: false, message: /\(5000 problems\)/ });
    expect(pathsOf(many)).toHaveLength(RESULT_MAX_ISSUES);
  });

  it("lists the first problem of each field of a large document, without zod visiting every wrong value", () => {
    // Under the value limit but far over what a full report may cost: 1.5 million wrong warnings.
    const wrong = { ...valid, createdAt: 1, warnings: new Array<number>(1_500_000).fill(7) };
    const { value: check, ms } = timed(() => checkResultText(JSON.stringify(wrong)));
    console.log(`1.5 million wrong values refused in ${ms.toFixed(0)} ms`);
    expect(check).toMatchObject({ ok: false, message: /first problem of each field shown/ });
    expect(pathsOf(check)).toEqual(["createdAt", "warnings.0"]);
  });

  it("says so when the text is not JSON", () => {
    expect(checkResultText('{"schema":')).toMatchObject({
      ok: false,
      problem: "invalid_json",
      message: /^not valid JSON/,
    });
  });

  it("is not fooled by brackets and commas inside strings", () => {
    const noisy = { ...valid, warnings: [`${"[{,".repeat(100)} \\" [[[`, "]]]"] };
    expect(checkResultText(JSON.stringify(noisy)).ok).toBe(true);
    expect(RESULT_TEXT_LIMITS.maxDepth).toBeGreaterThan(10);
  });
});
