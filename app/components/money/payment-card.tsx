import type { DepositPayment } from "../../../server/contract";
import { useTranslation } from "~/utils/translator";
import type { QrCode } from "~/utils/qr.server";
import { Money } from "../money";
import { CopyButton } from "../copy-button";

/**
 * What a member must pay for a pending deposit (server/contract/README.md, "Deposits"): a bank
 * transfer's account and reference, or a crypto deposit's exact amount, network, address and QR
 * code. Laid out after Binance's crypto deposit page (the network first, the address with its QR
 * and a copy button, the warnings beside it) in one clean card as PancakeSwap draws its panels:
 * the figure to send is the largest text, and every value is plain selectable text, so the card
 * works without JavaScript; the copy buttons appear only once the page runs scripts.
 */
export function PaymentCard({
  payment,
  amount,
  currency,
  qr,
  assign,
}: {
  payment: DepositPayment;
  /** the deposit's amount in the site's currency (minor units) */
  amount: number;
  currency: string;
  /** the address's QR code, drawn by the loader (utils/qr.server.ts); null for a bank transfer */
  qr: QrCode | null;
  /** where a crypto option's address comes from: "member" tells the member it is theirs to keep */
  assign: "site" | "member" | "deposit" | null;
}) {
  const { t } = useTranslation("money");
  if (payment.kind === "bank") {
    return (
      <section className="card payment-card" aria-labelledby="payment-title" data-testid="payment-card">
        <h2 id="payment-title">{t("payment.title_bank")}</h2>
        <p className="payment-lead">{t("payment.bank_lead")}</p>
        <dl className="payment-facts">
          <Fact label={t("payment.transfer_amount")} strong>
            <Money minor={amount} currency={currency} />
          </Fact>
          <Fact label={t("payment.bank")}>{payment.bank}</Fact>
          {payment.branch ? <Fact label={t("payment.branch")}>{payment.branch}</Fact> : null}
          <Fact label={t("payment.account_name")} copy={payment.accountName}>
            {payment.accountName}
          </Fact>
          <Fact label={t("payment.account_number")} copy={payment.accountNumber} mono>
            {payment.accountNumber}
          </Fact>
          <Fact label={t("payment.reference")} copy={payment.reference} mono strong testId="payment-reference">
            {payment.reference}
          </Fact>
        </dl>
        <p className="payment-note">{t("payment.reference_hint")}</p>
      </section>
    );
  }
  const asset = payment.asset;
  return (
    <section className="card payment-card" aria-labelledby="payment-title" data-testid="payment-card">
      <h2 id="payment-title">{t("payment.title_crypto", { asset })}</h2>
      <div className="payment-send">
        <p className="payment-label">{t("payment.send_exactly")}</p>
        <p className="payment-asset-amount" data-testid="payment-asset-amount">
          <span className="payment-figure">{payment.assetAmount}</span> <span className="payment-unit">{asset}</span>
          <CopyButton
            text={payment.assetAmount}
            label={t("payment.copy_what", { what: t("payment.send_exactly") })}
            copy={t("payment.copy")}
            done={t("payment.copied")}
            className="copy-button"
          />
        </p>
        <p className="payment-worth">
          {t("payment.credited_as")} <Money minor={amount} currency={currency} />
        </p>
      </div>
      <div className="payment-address-block">
        {qr ? (
          // dark modules on white with a quiet zone, whatever the theme: phones scan it in dark mode too
          <svg
            className="payment-qr"
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label={t("payment.qr_label")}
            shapeRendering="crispEdges"
          >
            <rect width={qr.size} height={qr.size} fill="#ffffff" />
            <path d={qr.path} fill="#000000" />
          </svg>
        ) : null}
        <dl className="payment-facts">
          <Fact label={t("payment.network")} strong>
            {payment.network}
          </Fact>
          <Fact label={t("payment.address")} copy={payment.address} mono testId="payment-address">
            {payment.address}
          </Fact>
          <Fact label={t("payment.reference")} mono>
            {payment.reference}
          </Fact>
        </dl>
      </div>
      <ul className="payment-warnings">
        <li>{t("payment.only_asset", { asset, network: payment.network })}</li>
        <li>{t("payment.exact_hint")}</li>
        {assign === "member" ? (
          <li>{t("payment.address_kept")}</li>
        ) : assign === "deposit" ? (
          <li>{t("payment.address_once")}</li>
        ) : null}
      </ul>
    </section>
  );
}

function Fact({
  label,
  children,
  copy,
  mono,
  strong,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  copy?: string;
  mono?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("money");
  return (
    <div className={strong ? "payment-fact payment-fact-strong" : "payment-fact"}>
      <dt>{label}</dt>
      <dd>
        <span className={mono ? "payment-value payment-mono" : "payment-value"} data-testid={testId}>
          {children}
        </span>
        {copy ? (
          <CopyButton
            text={copy}
            label={t("payment.copy_what", { what: label })}
            copy={t("payment.copy")}
            done={t("payment.copied")}
            className="copy-button"
          />
        ) : null}
      </dd>
    </div>
  );
}
