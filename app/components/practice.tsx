import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useRootData } from "~/utils/root-data";
import { useTranslation } from "~/utils/translator";

/**
 * The practice account's controls (app/README.md, "Practice mode"). Plain document posts to
 * /mode (no Remix <Form>): the whole page changes with the mode (accent, balances, lists), so a
 * full load is what the member should see, with or without JavaScript; /mode sends them back
 * to this very page. Written without the forms module: they are on every member page's first load.
 * The badge (mode-badge.tsx) and the money pages' panel (real-money-only.tsx) live apart: no page
 * but theirs carries them in its first JavaScript.
 */

/**
 * A post to /mode with the page's CSRF token and the way back to this very page (its path and
 * query): the switch, the way back to real money and the reset all send one.
 */
export function ModeForm({
  className,
  testId,
  children,
}: {
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const { csrf } = useRootData();
  const location = useLocation();
  return (
    <form method="post" action="/mode" className={className} data-testid={testId}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </form>
  );
}

/**
 * "Practice | Real": one tap switches (Deriv's demo/real account switcher, as a segmented
 * control like the footer's scheme switch). The current mode is the pressed button; pressing it
 * again changes nothing.
 */
export function ModeSwitch({ id, className }: { id: string; className?: string }) {
  const { mode } = useRootData();
  const { t } = useTranslation();
  return (
    <ModeForm className={className ? `mode-switch ${className}` : "mode-switch"} testId="mode-switch">
      <span id={id} className="visually-hidden">
        {t("practice.switch_label")}
      </span>
      <span role="group" aria-labelledby={id} className="segmented">
        <button type="submit" name="mode" value="practice" aria-pressed={mode === "practice"} className="mode-practice">
          {t("practice.practice")}
        </button>
        <button type="submit" name="mode" value="real" aria-pressed={mode === "real"}>
          {t("practice.real")}
        </button>
      </span>
    </ModeForm>
  );
}

/**
 * The header's money pill (app/README.md, "Header"): the mode's name (and in practice the play
 * money) as one tap target, ▾ opening the switch, as Deriv's and IQ Option's account pill. A
 * <details>, so it opens without JavaScript; with it, a tap anywhere else closes it. The mode is
 * also the page's accent (html[data-mode]) and the header's top line in practice: unmistakable
 * in one thin row, where a strip under the header pushed the game's chips under its bet bar.
 */
export function ModePill({
  summary,
  testId,
  children,
}: {
  summary: React.ReactNode;
  testId?: string;
  children?: React.ReactNode;
}) {
  const { mode } = useRootData();
  const pill = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: PointerEvent) => {
      if (pill.current?.open && !pill.current.contains(e.target as Node)) pill.current.open = false;
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, []);
  return (
    <details className={`mode-pill mode-pill-${mode}`} data-testid={testId} ref={pill}>
      <summary>
        <span className="mode-pill-text">{summary}</span>
        <span className="mode-pill-caret" aria-hidden="true" />
      </summary>
      <div className="mode-pill-menu">
        <ModeSwitch id="header-mode-label" className="header-mode" />
        {children}
      </div>
    </details>
  );
}

/** The pill in real mode: its name only (the figures are the member center's balances). */
export function RealPill() {
  const { t } = useTranslation();
  return <ModePill summary={<span className="mode-pill-label">{t("practice.real_badge")}</span>} />;
}
