import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildResult } from "../../../test/fixtures/build-result";
import { Report } from "./Report";

const result = buildResult(
  { preset: "quick", workloads: ["noop", "item.get"], cacheModes: ["warm", "cold"], trials: 3, durationMs: 2000 },
  { samplesPerTrial: 300 },
);

describe("Report (server-rendered)", () => {
  it("renders every cell's verdict, a chart card with a table toggle per chart, and the exact spec", () => {
    const html = renderToStaticMarkup(<Report result={result} />);
    for (const cell of result.cells) expect(html).toContain(cell.verdict);
    expect(html.match(/data-testid="verdict"/g)).toHaveLength(result.cells.length);
    const charts = html.match(/data-testid="chart"/g)?.length ?? 0;
    expect(charts).toBeGreaterThanOrEqual(result.cells.length * 4);
    expect(html.match(/>Table<\/button>/g)).toHaveLength(charts);
    expect(html).toContain("Cache: warm vs cold");
    expect(html).toContain("&quot;connections&quot;: 8");
  });

  it("escapes whatever a result carries (an imported file is untrusted)", () => {
    const hostile = structuredClone(result);
    hostile.cells[0]!.label = '<img src=x onerror="alert(1)">';
    hostile.warnings = ["<script>alert(1)</script>"];
    const html = renderToStaticMarkup(<Report result={hostile} />);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
