import type { z } from "zod";
import { errorBodySchema } from "@relix/core/runner-api/errors";
import { RunnerHttpError } from "./runner-errors";

/** A refusal from the runner as a RunnerHttpError: its own message and field errors, else its status and text. */
export async function errorFrom(response: Response): Promise<RunnerHttpError> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: described below
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new RunnerHttpError(response.status, parsed.data.error.message, parsed.data.error.fields ?? []);
  }
  return new RunnerHttpError(
    response.status,
    `runner answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ""}`,
  );
}

/** The runner's answer read through its schema; `what` names it in the error when it does not fit. */
export async function json<S extends z.ZodType>(response: Response, schema: S, what: string): Promise<z.infer<S>> {
  if (!response.ok) throw await errorFrom(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`unexpected ${what} from the runner: ${issues.join("; ")}`);
  }
  return parsed.data;
}
