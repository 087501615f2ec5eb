import { useTranslation } from "~/utils/translator";
import type { BankAccount } from "../../../server/contract";
import { formatDateTime } from "~/utils/date-time";
import { useTimeZone } from "~/utils/time-zone";

/** The member's bank account and where its review stands; the account number only as its last four digits. */
export function BankStatus({ account, bankVerify }: { account: BankAccount; bankVerify: boolean }) {
  const { t, i18n } = useTranslation("bank");
  const zone = useTimeZone();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, zone) : null);
  const submitted = date(account.submittedAt);
  const reviewed = date(account.reviewedAt);
  return (
    <section aria-labelledby="bank-status-title" className="card bank-status">
      <h2 id="bank-status-title">
        {t("status.heading")}{" "}
        <span className={`status status-${account.status}`} data-testid="bank-status">
          {t(`status.${account.status}`)}
        </span>
      </h2>
      <p>{t(`status_text.${account.status}`)}</p>
      {account.status === "rejected" && account.reason ? (
        <p className="bank-reason" data-testid="bank-reason">
          <strong>{t("reason")}</strong> {account.reason}
        </p>
      ) : null}
      {account.status !== "none" ? (
        <dl className="bank-facts">
          <Fact label={t("fields.bank")} value={account.bank} />
          <Fact label={t("fields.branch")} value={account.branch} />
          <Fact label={t("fields.account_name")} value={account.accountName} />
          <Fact
            label={t("fields.account_number")}
            value={t("account_number_masked", { last4: account.accountNumberLast4 })}
          />
          <Fact label={t("fields.currency")} value={account.currency} />
          <Fact label={t("fields.address")} value={account.address} />
          {submitted ? <Fact label={t("fields.submitted_at")} value={submitted} /> : null}
          {reviewed ? <Fact label={t("fields.reviewed_at")} value={reviewed} /> : null}
        </dl>
      ) : null}
      <p className="notice">{bankVerify ? t("verify_required") : t("verify_not_required")}</p>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
