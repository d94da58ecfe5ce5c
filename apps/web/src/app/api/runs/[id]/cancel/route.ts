import { webEnv } from "@/server/env";
import { checkSameOrigin, originPolicyOf, refused } from "@/server/origin-check";
import { runner } from "@/server/runner-client";
import { explainRunnerError, RunnerHttpError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const origin = checkSameOrigin(request.headers, originPolicyOf(webEnv()));
  if (!origin.ok) return refused(origin);
  const { id } = await params;
  try {
    await runner().cancelRun(id);
    return Response.json({ ok: true });
  } catch (e) {
    if (e instanceof RunnerHttpError) return Response.json({ error: { message: e.message } }, { status: e.status });
    return Response.json({ error: { message: explainRunnerError(e) ?? (e as Error).message } }, { status: 502 });
  }
}
