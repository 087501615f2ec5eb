import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { FieldFrame } from "~/components/forms";
import { ACCEPTED_IMAGES } from "~/utils/bank-schemas";

/** A labelled image input; the browser offers only the accepted types, the platform checks the content. */
export function FileField({ meta, label, hint }: { meta: FieldMetadata<File | undefined>; label: string; hint?: string }) {
  const hintId = useId();
  const props = getInputProps(meta, { type: "file", ariaDescribedBy: hint ? hintId : undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      <input {...props} key={props.key} accept={ACCEPTED_IMAGES} />
    </FieldFrame>
  );
}
