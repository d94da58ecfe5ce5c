import { describeBound, type Bound, type FieldErrors, type FormField } from "@/lib/spec-form/spec-form";

/** Under an input: its bound (and a note), then the error the form or the runner found in it. */
export function FieldHint({
  field,
  bound,
  errors,
  note,
}: {
  field: FormField;
  bound?: Bound;
  errors: FieldErrors;
  note?: string;
}) {
  return (
    <>
      <div className="hint" id={`${field}-hint`}>
        {[describeBound(field, bound), note].filter(Boolean).join(" · ")}
      </div>
      {errors[field] ? (
        <div className="error" role="alert" data-field-error={field}>
          {errors[field]}
        </div>
      ) : null}
    </>
  );
}

/** The accessibility attributes that tie an input to its hint and error. */
export const fieldProps = (field: FormField, errors: FieldErrors) => ({
  "aria-invalid": errors[field] ? true : undefined,
  "aria-describedby": `${field}-hint`,
});
