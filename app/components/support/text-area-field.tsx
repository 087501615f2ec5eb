import { useId } from "react";
import { controlProps, FieldFrame, type FieldMeta } from "~/components/forms";

/** A labelled textarea with its hint and first error, wired like `Field` (aria-invalid, aria-describedby). */
export function TextAreaField({
  meta,
  label,
  hint,
  rows = 6,
}: {
  meta: FieldMeta;
  label: string;
  hint?: React.ReactNode;
  rows?: number;
}) {
  const hintId = useId();
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <textarea
        {...controlProps(meta, hint ? hintId : undefined)}
        key={meta.key}
        defaultValue={meta.initialValue}
        rows={rows}
      />
    </FieldFrame>
  );
}
