import { formatDuration } from "@/lib/format";
import type { FieldErrors, validateForm } from "@/lib/spec-form/spec-form";

/** Why the form is not sent as it is: the errors to mark (absent: those shown stay) and the message above the button. */
export interface Unsendable {
  errors?: FieldErrors;
  message: string | null;
}

/** The checks made before a run is sent: every input valid, and the run no longer than the runner allows. */
export function checkBeforeSending(
  checked: ReturnType<typeof validateForm>,
  estimate: number | null,
  maxTotalRunMs: number,
): Unsendable | null {
  if (Object.keys(checked.errors).length > 0) return { errors: checked.errors, message: null };
  if (estimate !== null && estimate > maxTotalRunMs) {
    return {
      // A sweep is what makes a run long: say so where its values are typed, as the runner would.
      ...(checked.fields.sweep
        ? { errors: { sweep: "Too long for one run: choose fewer sweep values or shorter windows" } }
        : {}),
      message: `This run would measure for about ${formatDuration(estimate)}, more than the ${formatDuration(maxTotalRunMs)} limit.`,
    };
  }
  return null;
}
