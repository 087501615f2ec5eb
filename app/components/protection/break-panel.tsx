import { Link } from "@remix-run/react";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";
import { useTranslation } from "~/utils/translator";

/**
 * What the pages that lead to money (the game, contracts, deposit, transfer into the game) show
 * instead of their forms while a time-out or self-exclusion is in force (app/README.md, "Player
 * protection"): a calm card, not an error. It says until when, that nothing can shorten it, and
 * links to what still works: withdrawing and the records. The platform refuses the money calls
 * anyway; this spares the member a form that can only be refused.
 */
export function BreakPanel({
  kind,
  until,
  returnAt = null,
  open = false,
  children,
}: {
  kind: "timeout" | "exclusion";
  until: string;
  /** a self-exclusion's return the member asked for: it ends then */
  returnAt?: string | null;
  /** a self-exclusion past its minimum: in force until the member asks to return (decision 033) */
  open?: boolean;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation("money");
  const zone = useTimeZone();
  const title =
    kind === "exclusion" && returnAt !== null
      ? t("break_panel.title.exclusion_returning", { until: formatDateTime(returnAt, i18n.language, zone) })
      : kind === "exclusion" && open
        ? t("break_panel.title.exclusion_open")
        : t(`break_panel.title.${kind}`, { until: formatDateTime(until, i18n.language, zone) });
  return (
    <section className="card break-panel" aria-labelledby="break-panel-title" data-testid="break-panel">
      <h2 id="break-panel-title">{title}</h2>
      <p>{t("break_panel.body")}</p>
      {children}
      <p className="break-panel-links">
        <Link to="/user/withdraw" className="button button-primary">
          {t("break_panel.withdraw")}
        </Link>
        <Link to="/user/record" className="button">
          {t("break_panel.records")}
        </Link>
        <Link to="/user/limits" className="button">
          {t("break_panel.limits")}
        </Link>
      </p>
    </section>
  );
}
