import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/utils/translator";
import type { KeyOf } from "~/utils/translation-keys";

interface ToastData {
  kind: "success" | "error";
  /** a key of the messages namespace */
  key: KeyOf<"messages">;
  durationMs?: number;
}

/** A toast this short or shorter leaves after 1 s (the password toasts), any other after 4 s. */
const QUICK_MS = 1000;

/**
 * A flash message from the server; polite for success, assertive for errors (app/README.md,
 * "Messages and toasts").
 *
 * - One bar across the top of a phone (PancakeSwap's UI kit stacks its toasts from the top, under
 *   its menu; the bottom belongs to the game's bet bar), at most 32rem wide, centred and under the
 *   site header from 1026 px; one line where the text fits, never a narrow box of three.
 * - A success leaves by itself: a CSS animation with a 4 s (1 s) delay hides it, so it leaves with
 *   JavaScript off too; hovering or focusing it pauses the clock. An error stays until closed.
 * - The close button is a real button in a GET form to the page itself: without JavaScript it
 *   reloads the page, which shows no toast (a flash is read once); with JavaScript it just hides
 *   the toast. Either way a 44 px target.
 */
export function Toast({ toast }: { toast: ToastData }) {
  const { t } = useTranslation("messages");
  const location = useLocation();
  // a new toast (a new object from the root loader) shows again, and its animation starts over
  const [shown, setShown] = useState({ toast, version: 0, closed: false });
  if (shown.toast !== toast) setShown({ toast, version: shown.version + 1, closed: false });
  if (shown.closed) return null;
  const close = () => setShown((s) => ({ ...s, closed: true }));
  const quick = (toast.durationMs ?? 4000) <= QUICK_MS;
  const params = [...new URLSearchParams(location.search)];
  return (
    <div
      key={shown.version}
      className={`toast toast-${toast.kind}${toast.kind === "success" && quick ? " toast-quick" : ""}`}
      role={toast.kind === "error" ? "alert" : "status"}
      data-testid="toast"
      onAnimationEnd={(event) => {
        if (event.animationName === "toast-leave") close();
      }}
    >
      <p className="toast-text">{t(toast.key)}</p>
      <form method="get" action={location.pathname} className="toast-close-form">
        {params.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="toast-close"
          aria-label={t("common:toast.close")}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
    </div>
  );
}
