import { useEffect, useRef } from "react";
import { TURNSTILE_SCRIPT } from "../../server/contract/challenge";
import { useTranslation } from "~/utils/translator";

type Turnstile = {
  render: (element: HTMLElement, options: { sitekey: string; language?: string }) => string;
  remove: (id: string) => void;
};
declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

/**
 * The sign-in challenge (Cloudflare Turnstile), shown once the platform asked for one
 * (server/contract/security.ts SIGNIN_LIMITS). The widget puts its answer in the form's
 * `cf-turnstile-response` field. The effect loads Cloudflare's script once (the CSP of /login allows
 * its origin) and draws a fresh widget after each submit, as an answer is good once. Without
 * JavaScript the widget cannot run: the form says so (app/README.md, "Sign-in and sign-up").
 */
export function Challenge({ siteKey, attempt }: { siteKey: string; attempt: unknown }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  // Turnstile names Chinese by script (zh-tw, zh-cn) and the others by language alone
  const language = i18n.language.toLowerCase().startsWith("zh")
    ? i18n.language.toLowerCase()
    : i18n.language.slice(0, 2);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let widget: string | undefined;
    const draw = () => {
      if (!window.turnstile || element.childElementCount > 0) return;
      widget = window.turnstile.render(element, { sitekey: siteKey, language });
    };
    if (window.turnstile) draw();
    else {
      const script =
        document.querySelector<HTMLScriptElement>(`script[src^="${TURNSTILE_SCRIPT}"]`) ??
        document.head.appendChild(
          Object.assign(document.createElement("script"), { src: `${TURNSTILE_SCRIPT}?render=explicit`, async: true }),
        );
      script.addEventListener("load", draw);
    }
    return () => {
      if (widget !== undefined) window.turnstile?.remove(widget);
    };
  }, [siteKey, attempt, language]);

  return (
    <div className="field challenge">
      <p className="challenge-label">{t("login.challenge_label")}</p>
      <div ref={box} className="challenge-widget" />
      <noscript>
        <p className="hint">{t("login.challenge_noscript")}</p>
      </noscript>
    </div>
  );
}
