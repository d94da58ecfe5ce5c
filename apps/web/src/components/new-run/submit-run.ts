import { fieldOfPath, type FieldErrors } from "@/lib/spec-form/spec-form";

// Starting a run from the form: POST /api/runs (this app's route, which checks the body and asks
// the runner), and the answer in the form's terms: the new run's id, or what to show where.

export type SubmitOutcome = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors; message: string };

interface Answer {
  id?: string;
  error?: { message?: string; fields?: { path: string; message: string }[] };
}

export async function submitRun(body: { preset?: string; spec?: object }): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, fieldErrors: {}, message: "Could not reach the web server. Is it still running?" };
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (response.status === 202 && answer?.id) return { ok: true, id: answer.id };

  // Each field error goes beside its input; those no input owns are listed in the message.
  const fieldErrors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const f of answer?.error?.fields ?? []) {
    const field = fieldOfPath(f.path);
    if (field) fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}; ${f.message}` : f.message;
    else unplaced.push(f.path ? `${f.path}: ${f.message}` : f.message);
  }
  const message = answer?.error?.message ?? `The runner answered ${response.status}.`;
  return {
    ok: false,
    fieldErrors,
    message:
      unplaced.length > 0
        ? `${message} — ${unplaced.join("; ")}`
        : Object.keys(fieldErrors).length > 0
          ? "The runner refused some values: see the marked fields."
          : message,
  };
}
