import { Money } from "./money";
import { ModeForm, ModePill } from "./practice";
import { formatMoney as formatAmount } from "~/utils/money";
import type { RootData } from "~/utils/root-data";
import { useTranslation } from "~/utils/translator";

// Its own module, a piece the header loads (site-chrome.tsx): only a member in
// practice mode sees it, so no route's initial JavaScript carries it (the server renders it all
// the same, so it shows without JavaScript).

/**
 * The header's pill in practice mode (app/README.md, "Header"): "Practice" over the play money,
 * and under ▾ the switch (its Real is the way back) and the reset. It took the place of a strip
 * under the header (and keeps its test id), which on a phone pushed the game's chips under the
 * bet bar; the mode stays plain from the pill, the amber accent and the header's amber top line.
 */
export default function PracticePill({ practice }: { practice: NonNullable<RootData["practice"]> }) {
  const { t, i18n } = useTranslation();
  return (
    <ModePill
      testId="practice-banner"
      summary={
        <>
          <span className="mode-pill-label">{t("practice.practice")}</span>{" "}
          <strong className="mode-pill-amount" data-testid="practice-balance">
            {practice.balance === null ? "—" : <Money minor={practice.balance} currency={practice.currency} />}
          </strong>
        </>
      }
    >
      <p className="mode-pill-what">{t("practice.banner")}</p>
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
    </ModePill>
  );
}
