import { useTranslation } from "~/utils/translator";
import { Filled } from "~/components/filled";
import { withdrawFee } from "#rules/withdrawal-fee";
import { parseAmount } from "#rules/units";
import { Money } from "./money";
import { numberFormat } from "~/utils/intl";

/**
 * The withdrawal fee before submitting: the rule always (it is all a page without JavaScript can
 * show), and with JavaScript the exact fee and total held for the amount being typed.
 */
export function FeePreview(props: {
  amountText: string;
  ratio: number;
  fixed: number;
  digits: number;
  currency: string;
}) {
  const { t, i18n } = useTranslation("money");
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(props.ratio);
  const amount = parseAmount(props.amountText, props.digits);
  const fee = amount ? withdrawFee(amount, props.ratio, props.fixed) : null;
  return (
    <div className="fee-preview" aria-live="polite">
      <p>
        <Filled
          text={t("withdraw.fee_rule", { percent })}
          slots={{ fixed: <Money minor={props.fixed} currency={props.currency} /> }}
        />
      </p>
      {amount && fee !== null ? (
        <p data-testid="fee-preview">
          <Filled
            text={t("withdraw.fee_total")}
            slots={{
              fee: <Money minor={fee} currency={props.currency} />,
              total: <Money minor={amount + fee} currency={props.currency} />,
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
