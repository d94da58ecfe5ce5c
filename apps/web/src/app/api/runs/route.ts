import { webEnv } from "@/server/env";
import { checkSameOrigin, originPolicyOf, refused } from "@/server/origin-check";
import { runner } from "@/server/runner-client";
import { explainRunnerError, RunnerHttpError } from "@/server/runner-errors";
import { fieldsOf, startRequestSchema } from "@/server/start-request";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 64 * 1024;

const error = (status: number, message: string, fields: { path: string; message: string }[] = []) =>
  Response.json({ error: { message, fields } }, { status });

/** Starts a run: same-origin POST only, body checked, then forwarded to the runner. */
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
  const parsed = startRequestSchema.safeParse(json);
  if (!parsed.success) return error(400, "invalid run request", fieldsOf(parsed.error));

  try {
    const started = await runner().startRun(parsed.data);
    return Response.json(started, { status: 202 });
  } catch (e) {
    if (e instanceof RunnerHttpError && e.status < 500) return error(e.status, e.message, e.fields);
    const explained = explainRunnerError(e);
    return error(502, explained ?? `the runner failed: ${(e as Error).message}`);
  }
}
