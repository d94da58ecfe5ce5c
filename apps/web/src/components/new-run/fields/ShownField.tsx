import type { FormInput } from "@relix/core/run-request/run-field";

/** A field the form does not set: the runner's value, shown with its hint. */
export function ShownField({ form }: { form: Extract<FormInput, { input: "shown" }> }) {
  return (
    <div className="field">
      <span id={`${form.id}-label`}>{form.label}</span>
      <output
        className="input"
        aria-labelledby={`${form.id}-label`}
        data-testid={form.id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}
      >
        {form.text}
      </output>
      <div className="hint">{form.hint}</div>
    </div>
  );
}
