import { Money } from "./money";
import { ModeForm, SwitchToReal } from "./practice";
import { formatMoney as formatAmount } from "~/utils/money";
import type { RootData } from "~/utils/root-data";
import { useTranslation } from "~/utils/translator";

// Its own module, loaded with React.lazy by root.tsx: only a member in practice mode sees it, so
// no route's initial JavaScript carries it (the server renders it all the same, so it shows
// without JavaScript).

/**
 * Under the header on every page in practice mode: what this is, the play money, the way back
 * to real money, and the reset (a <details>, so it opens without JavaScript). Binance marks demo
 * trading with a strip across the page; Deriv shows the demo balance where the real one would be.
 */
export default function PracticeBanner({ practice }: { practice: NonNullable<RootData["practice"]> }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="practice-banner" aria-labelledby="practice-banner-title" data-testid="practice-banner">
      <p className="practice-banner-what">
        <strong id="practice-banner-title">{t("practice.banner")}</strong>{" "}
        <span className="practice-banner-balance">
          <span className="practice-banner-label">{t("practice.balance")}</span>{" "}
          <strong data-testid="practice-balance">
            {practice.balance === null ? "—" : <Money minor={practice.balance} currency={practice.currency} />}
          </strong>
        </span>
      </p>
      <div className="practice-banner-actions">
        <SwitchToReal small />
        <details className="practice-reset">
          {/* short on the strip; the form inside names it whole */}
          <summary>{t("practice.reset_short")}</summary>
          <ModeForm className="practice-reset-form">
            <input type="hidden" name="idempotencyKey" value={practice.resetKey} />
            <p>
              {t("practice.reset_hint", {
                amount: formatAmount(practice.startingBalance, practice.currency, i18n.language),
              })}
            </p>
            <button type="submit" name="intent" value="reset" className="button button-small">
              {t("practice.reset")}
            </button>
          </ModeForm>
        </details>
      </div>
    </section>
  );
}
