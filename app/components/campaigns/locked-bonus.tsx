import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { Money } from "~/components/money";
import { formatMoney } from "~/utils/money";
import { formatPercent, type DepositBonusOffer, type LockedBonusData } from "~/utils/campaigns";

/**
 * The locked bonus beside a main balance, as one more entry of the page's balance list: "Bonus
 * (locked) US$50.00", and under the amount "bet US$450.00 more", a link to the campaign's
 * progress (its own line: beside the amount it would wrap in a narrow grid cell).
 * Its own entry, not added to the main balance: it can be neither withdrawn nor moved yet.
 */
export function LockedBonusEntry({ bonus, currency }: { bonus: LockedBonusData; currency: string }) {
  const { t, i18n } = useTranslation("campaigns");
  return (
    <div className="locked-bonus" data-testid="locked-bonus">
      <dt>{t("wallet.bonus")}</dt>
      <dd>
        <Money minor={bonus.amount} currency={currency} />{" "}
        <Link to="/user/activity" className="locked-bonus-link" data-testid="locked-bonus-remaining">
          {bonus.remaining !== null && bonus.remaining > 0
            ? t("wallet.bonus_remaining", { amount: formatMoney(bonus.remaining, currency, i18n.language) })
            : t("wallet.progress_link")}
        </Link>
      </dd>
    </div>
  );
}

/** Withdraw and transfer pages: why the locked bonus is not part of what can be moved. */
export function LockedBonusNote() {
  const { t } = useTranslation("campaigns");
  return (
    <p className="hint bonus-note" data-testid="bonus-note">
      {t("wallet.bonus_note")}
    </p>
  );
}

/** The deposit page's line under the amount: "First deposit bonus: +10% up to US$100.00 (bet 5 × to unlock)". */
export function DepositBonusLine({ offers, currency }: { offers: DepositBonusOffer[]; currency: string }) {
  const { t, i18n } = useTranslation("campaigns");
  if (offers.length === 0) return null;
  const locale = i18n.language;
  return (
    <>
      {offers.map((o) => (
        <p key={o.key} className="deposit-bonus-line" data-testid="deposit-bonus">
          {t(o.deposits === "first" ? "deposit.first" : "deposit.each", {
            percent: formatPercent(o.percentBp, locale),
            cap: formatMoney(o.cap, currency, locale),
          })}{" "}
          {o.wagering > 0 ? t("deposit.wagering", { times: o.wagering }) : t("deposit.no_wagering")}
        </p>
      ))}
    </>
  );
}
