import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { FieldFrame } from "~/components/forms";

/** A labelled textarea with its hint and first error, wired like `Field` (aria-invalid, aria-describedby). */
export function TextAreaField({
  meta,
  label,
  hint,
  rows = 6,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: React.ReactNode;
  rows?: number;
}) {
  const hintId = useId();
  const props = getTextareaProps(meta, { ariaDescribedBy: hint ? hintId : undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <textarea {...props} key={props.key} rows={rows} />
    </FieldFrame>
  );
}
