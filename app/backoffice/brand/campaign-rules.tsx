import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "../../components/csrf-input";
import { Filled } from "../../components/filled";
import { useTranslation } from "../../utils/translator";
import type { CampaignStatus } from "../../utils/campaigns";

/** A campaign's rule as the content page lists it: its key, kind, dates and where it stands now. */
export interface RuleRow {
  key: string;
  kind: "deposit_bonus" | "rebate";
  startsAt: string;
  endsAt: string | null;
  endedAt: string | null;
  status: CampaignStatus;
}

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * What the site's campaigns pay (site info's `campaignRules`), each with End now while it has not
 * ended (the CLI's `campaign-end`), Edit while it has not started, and the links that add one. End now asks first, on the page itself (`?end=<key>`), so it
 * works without JavaScript: ending cannot be undone.
 */
export function CampaignRules({
  rules,
  here,
  rulePath,
  ending,
}: {
  rules: RuleRow[];
  here: string;
  /** the rule editor (routes/bo.sites.$siteId.brand.content_.rule.tsx) */
  rulePath: string;
  ending: RuleRow | null;
}) {
  const { t } = useTranslation("backoffice");
  return (
    <section aria-labelledby="campaign-rules-title" className="bo-published">
      <h2 id="campaign-rules-title">{t("brand.campaigns.title")}</h2>
      <p className="bo-hint">{t("brand.campaigns.about")}</p>
      {ending ? (
        <section aria-labelledby="end-title" className="bo-notice bo-confirm" data-testid="end-confirm">
          <h3 id="end-title">
            <Filled text={t("brand.campaigns.end_title")} slots={{ key: <code>{ending.key}</code> }} />
          </h3>
          <p>{t("brand.campaigns.end_effects")}</p>
          <Form method="post" action={here} className="bo-actions">
            <CsrfInput />
            <input type="hidden" name="kind" value="campaign" />
            <input type="hidden" name="key" value={ending.key} />
            <button type="submit" name="intent" value="end-campaign" className="button button-primary">
              {t("brand.campaigns.end_confirm")}
            </button>
            <Link to={here} className="button">
              {t("brand.campaigns.keep")}
            </Link>
          </Form>
        </section>
      ) : null}
      {rules.length === 0 ? <p>{t("brand.campaigns.none")}</p> : null}
      <ul className="bo-queue">
        {rules.map((rule) => (
          <li key={rule.key} className="bo-item" data-testid={`rule-${rule.key}`}>
            <h3>
              <code>{rule.key}</code>
            </h3>
            <p>{t(`brand.campaigns.kind.${rule.kind}`)}</p>
            <p className="bo-hint">
              {rule.endedAt
                ? t("brand.campaigns.ended_at", { time: utc(rule.endedAt) })
                : rule.endsAt
                  ? t("brand.campaigns.runs_until", { start: utc(rule.startsAt), end: utc(rule.endsAt) })
                  : t("brand.campaigns.runs_from", { start: utc(rule.startsAt) })}
            </p>
            <p>{t(`brand.campaigns.status.${rule.status}`)}</p>
            {rule.status === "upcoming" ? (
              <Link
                to={`${rulePath}?key=${encodeURIComponent(rule.key)}`}
                className="button button-small"
                aria-label={t("brand.rules.edit_one", { key: rule.key })}
              >
                {t("brand.rules.edit")}
              </Link>
            ) : null}
            {rule.status !== "ended" ? (
              <Link
                to={`${here}&end=${encodeURIComponent(rule.key)}`}
                className="button button-small"
                aria-label={t("brand.campaigns.end_one", { key: rule.key })}
              >
                {t("brand.campaigns.end")}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <h3>{t("brand.rules.add_one")}</h3>
      <ul>
        {(["deposit_bonus", "rebate"] as const).map((kind) => (
          <li key={kind}>
            <Link to={`${rulePath}?kind=${kind}`}>{t(`brand.rules.add.${kind}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
