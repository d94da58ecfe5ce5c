import { webEnv } from "@/server/env";
import { checkSameOrigin, originPolicyOf, refused } from "@/server/origin-check";
import { runner } from "@/server/runner-client";
import { explainRunnerError, RunnerHttpError } from "@/server/runner-errors";
import { checkStartRequest } from "@/server/start-request";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 64 * 1024;

const error = (status: number, message: string, fields: { path: string; message: string }[] = []) =>
  Response.json({ error: { message, fields } }, { status });

/** Starts a run: same-origin POST only, the run request resolved (as the runner will), then forwarded to the runner. */
export async function POST(request: Request): Promise<Response> {
  const origin = checkSameOrigin(request.headers, originPolicyOf(webEnv()));
  if (!origin.ok) return refused(origin);
  if (!(request.headers.get("content-type") ?? "").includes("application/json"))
    return error(415, "send the run request as application/json");

  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return error(413, "request body too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return error(400, "the request body is not JSON");
  }
  const checked = checkStartRequest(json);
  if (!checked.ok) return error(400, checked.message, checked.fields);

  try {
    const started = await runner().startRun(checked.request);
    return Response.json(started, { status: 202 });
  } catch (e) {
    if (e instanceof RunnerHttpError && e.status < 500) return error(e.status, e.message, e.fields);
    const explained = explainRunnerError(e);
    return error(502, explained ?? `the runner failed: ${(e as Error).message}`);
  }
}
