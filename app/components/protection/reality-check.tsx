import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { formatMoney } from "~/utils/money";
import { useTranslation } from "~/utils/translator";

export interface DueRealityCheck {
  currency: string;
  playedMinutes: number;
  net: number;
}

/**
 * The reality check (app/README.md, "Player protection"): when it is due, every page of the
 * signed-in member is covered by this dialog until they choose. Drawn by the server, so without
 * JavaScript it shows at the next page load; its buttons are real forms to /reality-check.
 * "Continue" asks the platform for the next interval and comes back to the same page; "Stop"
 * signs out (decided: stopping means ending the session, as UK operators' reality checks offer
 * "log out"; the limits page is the dialog's third way, a plain link).
 * Loaded lazily by the root (like the toast): nothing at rest needs its code.
 */
export default function RealityCheckPanel({ check }: { check: DueRealityCheck }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const panel = useRef<HTMLElement>(null);
  // with JavaScript the dialog takes focus, so a screen reader starts at it, and the page under
  // it is inert (no tabbing behind the dialog) until the member chooses
  useEffect(() => {
    panel.current?.focus();
    const page = document.querySelector(".layout");
    page?.setAttribute("inert", "");
    return () => {
      page?.removeAttribute("inert");
    };
  }, []);
  const back = pathname + search;
  const hours = Math.floor(check.playedMinutes / 60);
  const played =
    hours > 0
      ? t("reality.hours", { hours: String(hours), minutes: String(check.playedMinutes % 60) })
      : t("reality.minutes", { n: String(check.playedMinutes) });
  // signed, and coloured as rising and falling are: the sign says it without the colour
  const net = `${check.net > 0 ? "+" : ""}${formatMoney(check.net, check.currency, i18n.language)}`;
  return (
    <div className="reality-scrim">
      <section
        ref={panel}
        className="reality-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        aria-describedby="reality-intro"
        tabIndex={-1}
        data-testid="reality-check"
      >
        <h2 id="reality-title">{t("reality.title")}</h2>
        <p id="reality-intro">{t("reality.intro")}</p>
        <dl className="reality-figures">
          <div>
            <dt>{t("reality.played")}</dt>
            <dd data-testid="reality-played">{played}</dd>
          </div>
          <div>
            <dt>{t("reality.net")}</dt>
            <dd
              data-testid="reality-net"
              className={check.net > 0 ? "reality-net-up" : check.net < 0 ? "reality-net-down" : undefined}
            >
              {net}
            </dd>
          </div>
        </dl>
        <div className="reality-actions">
          <Form method="post" action="/reality-check">
            <CsrfInput />
            <input type="hidden" name="redirectTo" value={back} />
            <button type="submit" name="intent" value="continue" className="button button-primary">
              {t("reality.continue")}
            </button>
          </Form>
          <Form method="post" action="/reality-check">
            <CsrfInput />
            <button type="submit" name="intent" value="stop" className="button">
              {t("reality.stop")}
            </button>
          </Form>
          <Link to="/user/limits">{t("reality.limits")}</Link>
        </div>
      </section>
    </div>
  );
}
