import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/utils/translator";
import { Field, type FieldMeta } from "./forms";
import { LimitsHint, Money } from "./money";
import { dynamicKey } from "~/utils/translation-keys";
import { RecordTime } from "./records/record-table";

/** What a money action answers when it did not succeed: the form's state and the same key. */
export type MoneyActionData = { result: SubmissionResult<string[]>; idempotencyKey: string };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("money");
  return <span className={`status status-${status}`}>{t(dynamicKey(`status.${status}`))}</span>;
}

/** An amount typed as a decimal, with the site's limits shown before anything is submitted. */
export function AmountField({
  meta,
  limits,
  currency,
}: {
  meta: FieldMeta;
  limits: { min: number; max: number };
  currency: string;
}) {
  const { t } = useTranslation("money");
  return (
    <Field
      meta={meta}
      label={t("amount")}
      inputMode="decimal"
      autoComplete="off"
      hint={<LimitsHint min={limits.min} max={limits.max} currency={currency} />}
    />
  );
}

/**
 * What a money request just did, on the page the success redirected to (`?done=<id>`): the
 * amount, what it was, its status, its reference and its time, read back from the platform's
 * list (nothing is kept in the browser). It is what the member checks instead of tapping again.
 */
export function Receipt({
  title,
  amount,
  currency,
  status,
  reference,
  time,
  children,
}: {
  title: string;
  amount: number;
  currency: string;
  status: string;
  reference: string;
  time: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("money");
  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title">{title}</h2>
      <p className="receipt-amount">
        <Money minor={amount} currency={currency} /> <StatusBadge status={status} />
      </p>
      <dl className="receipt-facts">
        {children}
        <div>
          <dt>{t("receipt.reference")}</dt>
          <dd className="receipt-reference">{reference}</dd>
        </div>
        <div>
          <dt>{t("receipt.time")}</dt>
          <dd>
            <RecordTime iso={time} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** One fact of a receipt beside its reference and time (the fee, the method, the direction). */
export function ReceiptFact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The last few requests of a money page, each with its date (UTC, as in the records). */
export function RecentList({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: {
    id: string;
    time: string;
    amount: React.ReactNode;
    what: React.ReactNode;
    status: string;
    reason?: string;
  }[];
}) {
  const { t } = useTranslation("money");
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{t("none_yet")}</p>
      ) : (
        <>
          <ul className="recent-list">
            {items.map((item) => (
              <li key={item.id}>
                <span className="recent-what">
                  {item.amount} · {item.what}
                </span>{" "}
                <StatusBadge status={item.status} />{" "}
                <span className="recent-time">
                  <RecordTime iso={item.time} />
                </span>
                {item.reason ? <span className="hint recent-reason">{item.reason}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * A money page's `shouldRevalidate`: a refused submit (the action answered with the form's state)
 * does not reload the page's data. Its form is keyed by the page's idempotency key, and a reload
 * would bring a new key and so a new, empty form, possibly while the member is typing again; a
 * refused request changed nothing to show. A success redirects, and the page loads afresh.
 */
export function keepDataAfterRefusal({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const refused = typeof actionResult === "object" && actionResult !== null && "result" in actionResult;
  return refused ? false : defaultShouldRevalidate;
}
