import { groupFindings } from "@relix/core/render/findings/finding-groups";
import { findingsOf } from "@relix/core/render/findings/findings-of";
import { answerOf } from "@relix/core/render/answer/answer";
import { ImageResponse } from "next/og";
import { previewPicture, type PreviewBar, type PreviewPicture } from "@/lib/report/preview-picture";
import { resultOfRun } from "@/server/run-result";
import { runner } from "@/server/runner-client";

// The permalink's preview image (Open Graph): a link shared in a chat shows the run's answer, its
// first verdict and its picture. Next adds the og:image tags to the run's page for this file.

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "The answer of a Relix run: REST vs gRPC";

const WINNER_COLOR: Record<PreviewBar["winner"], string> = { grpc: "#2563eb", rest: "#d97706", none: "#94a3b8" };

function Bars({ bars }: { bars: PreviewBar[] }) {
  const widest = Math.max(...bars.map((b) => b.ratio), 1);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      {bars.map((bar, i) => (
        <div key={i} style={{ display: "flex", alignItems: "center", gap: 12, fontSize: 22 }}>
          <div style={{ display: "flex", width: 330, justifyContent: "flex-end", color: "#334155" }}>{bar.label}</div>
          <div
            style={{
              display: "flex",
              width: Math.round((bar.ratio / widest) * 600),
              height: 26,
              background: WINNER_COLOR[bar.winner],
            }}
          />
          <div style={{ display: "flex", color: "#0f172a" }}>{`${bar.ratio.toFixed(2)}x`}</div>
        </div>
      ))}
    </div>
  );
}

function Grid({ picture }: { picture: Extract<PreviewPicture, { kind: "grid" }> }) {
  const cellHeight = Math.min(40, Math.floor(300 / Math.max(1, picture.rows.length)));
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 3, fontSize: 20 }}>
      <div style={{ display: "flex", gap: 3, marginLeft: 173 }}>
        {picture.columns.map((c, i) => (
          <div key={i} style={{ display: "flex", width: 160, justifyContent: "center", color: "#334155" }}>
            {c}
          </div>
        ))}
      </div>
      {picture.cells.map((row, r) => (
        <div key={r} style={{ display: "flex", gap: 3, alignItems: "center" }}>
          <div style={{ display: "flex", width: 170, justifyContent: "flex-end", color: "#334155" }}>
            {picture.rows[r]}
          </div>
          {row.map((cell, c) => (
            <div
              key={c}
              style={{
                display: "flex",
                width: 160,
                height: cellHeight,
                alignItems: "center",
                justifyContent: "center",
                background: cell?.fill ?? "#f1f5f9",
                color: cell?.ink ?? "#94a3b8",
              }}
            >
              {cell?.label ?? "–"}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function Card({ lines, picture }: { lines: string[]; picture: PreviewPicture | null }) {
  return (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        width: "100%",
        height: "100%",
        padding: 40,
        background: "#ffffff",
        color: "#0f172a",
        fontSize: 26,
      }}
    >
      <div style={{ display: "flex", fontSize: 22, color: "#64748b" }}>Relix · REST vs gRPC, measured</div>
      {lines.map((line, i) => (
        <div
          key={i}
          style={{ display: "flex", marginTop: 8, fontSize: i === 0 ? 24 : 30, fontWeight: i === 0 ? 400 : 700 }}
        >
          {line}
        </div>
      ))}
      {picture ? (
        <div style={{ display: "flex", flexDirection: "column", marginTop: 20 }}>
          <div style={{ display: "flex", fontSize: 20, color: "#64748b", marginBottom: 10 }}>{picture.title}</div>
          {picture.kind === "grid" ? <Grid picture={picture} /> : <Bars bars={picture.bars} />}
        </div>
      ) : null}
    </div>
  );
}

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const run = await runner()
    .getRun(id)
    .catch(() => null);
  const outcome = run?.status === "done" ? await resultOfRun(runner(), run) : null;
  if (!outcome?.ok) {
    const status = run ? `Run ${run.id.slice(0, 12)}: ${run.status}` : "No such run";
    return new ImageResponse(<Card lines={[status]} picture={null} />, size);
  }
  const result = outcome.result;
  const answer = answerOf(result, groupFindings(findingsOf(result), result.cells.length));
  return new ImageResponse(
    <Card
      lines={[answer.question, ...answer.headlines.slice(0, 1)]}
      picture={previewPicture(result, answer.picture)}
    />,
    size,
  );
}
