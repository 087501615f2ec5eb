import { useEffect, useState } from "react";

/**
 * Copies a value to the clipboard: an enhancement only. It renders nothing on the server and
 * until the page has hydrated with a clipboard to write to, so without JavaScript the member
 * selects the text itself. The button says "Copied" for two seconds, and a polite live region
 * tells a screen reader the same. The texts are the caller's (a deposit address, a seed).
 */
export function CopyButton({
  text,
  label,
  copy,
  done,
  className,
}: {
  text: string;
  label: string;
  copy: string;
  done: string;
  className?: string;
}) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(typeof navigator !== "undefined" && navigator.clipboard !== undefined), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <button
      type="button"
      className={className ? `button button-small ${className}` : "button button-small"}
      aria-label={label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-hidden="true">{copied ? done : copy}</span>
      <span className="visually-hidden" aria-live="polite">
        {copied ? done : ""}
      </span>
    </button>
  );
}
