"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { checkBeforeSending } from "./check-before-sending";
import { runRequestOf } from "./run-request";
import { submitRun } from "./submit-run";
import type { RunFormState } from "./use-run-form";

/**
 * Sending the form: checked first (what fails opens the advanced options at the marked inputs),
 * then started; the new run's permalink opens, or the runner's refusal is shown in the form.
 */
export function useSubmitRun(form: RunFormState, maxTotalRunMs: number) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const { preset, checked, overrides, setErrors, setFormError, setAdvancedOpen } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const unsendable = checkBeforeSending(checked, form.estimate, maxTotalRunMs);
    if (unsendable) {
      if (unsendable.errors) setErrors(unsendable.errors);
      setFormError(unsendable.message);
      setAdvancedOpen(true);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const outcome = await submitRun(runRequestOf(preset, checked.fields, overrides));
    if (outcome.ok) {
      router.push(`/runs/${encodeURIComponent(outcome.id)}`);
      return;
    }
    setErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length > 0) setAdvancedOpen(true);
    setFormError(outcome.message);
    setSubmitting(false);
  }

  return { submitting, submit };
}
