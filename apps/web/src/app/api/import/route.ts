import { checkResultText } from "@relix/core/result/check-result-text";
import { webEnv } from "@/server/env";
import { checkSameOrigin, originPolicyOf } from "@/server/origin-check";
import { runner } from "@/server/runner-client";
import { explainRunnerError, RunnerHttpError } from "@/server/runner-errors";

export const dynamic = "force-dynamic";

const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

/** After a plain form POST the browser follows a 303 to a page: the new permalink, or the form with the reason. */
// Relative Locations, so the redirect stays on whatever host name the browser used.
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

function back(message: string): Response {
  return seeOther(`/runs?${new URLSearchParams({ import_error: message.slice(0, 600) })}#import`);
}

/** Imports a result JSON (from `pnpm bench --json`): checked here, stored by the runner, opened at its permalink. */
export async function POST(request: Request): Promise<Response> {
  const origin = checkSameOrigin(request.headers, originPolicyOf(webEnv()));
  if (!origin.ok) return new Response(`Forbidden: ${origin.reason}`, { status: origin.status });
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_IMPORT_BYTES) return back("That file is larger than 32 MiB.");

  let text: string;
  try {
    const form = await request.formData();
    const file = form.get("result");
    if (!(file instanceof File) || file.size === 0) return back("Choose a result JSON file to import.");
    if (file.size > MAX_IMPORT_BYTES) return back("That file is larger than 32 MiB.");
    text = await file.text();
  } catch {
    return back("Could not read the upload.");
  }

  // Bounded by the file's size, not by how wrong it is: 32 MiB of wrong values is refused at once.
  const check = checkResultText(text);
  if (!check.ok) {
    if (check.problem === "invalid_json") return back("That file is not JSON.");
    const where = check.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return back([check.message, ...where].join("\n  "));
  }
  try {
    const id = await runner().importResult(check.result);
    return seeOther(`/runs/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof RunnerHttpError) return back(`The runner refused it: ${error.message}`);
    return back(explainRunnerError(error) ?? (error as Error).message);
  }
}
