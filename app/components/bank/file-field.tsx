import { useId } from "react";
import { controlProps, FieldFrame, type FieldMeta } from "~/components/forms";
import { ACCEPTED_IMAGES } from "~/utils/bank-documents";

/** A labelled image input; the browser offers only the accepted types, the platform checks the content. */
export function FileField({ meta, label, hint }: { meta: FieldMeta; label: string; hint?: string }) {
  const hintId = useId();
  return (
    <FieldFrame meta={meta} label={label} hint={hint} hintId={hintId}>
      {/* not re-mounted by a new answer: the server cannot send a file back, the browser still holds it */}
      <input {...controlProps(meta, hint ? hintId : undefined)} type="file" accept={ACCEPTED_IMAGES} />
    </FieldFrame>
  );
}
