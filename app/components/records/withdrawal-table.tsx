import { useTranslation } from "~/utils/translator";
import type { Withdrawal } from "../../../server/contract";
import { Money } from "~/components/money";
import { Cell, RecordStatus, RecordTable, RecordTime, type RecordColumn } from "./record-table";

// No "limit amount" column: the site's maximum is the same on every row and is said once, on the
// withdrawal form beside the amount (money-form.tsx, AmountField).
const COLUMNS = [
  { key: "columns.time", slot: "time" },
  { key: "columns.details", slot: "what" },
  { key: "columns.amount", slot: "amount" },
  { key: "columns.fee", slot: "side" },
  { key: "columns.status", slot: "more" },
] as const satisfies readonly RecordColumn[];

export function WithdrawalTable(props: { items: Withdrawal[]; currency: string; filtered: boolean }) {
  const { t } = useTranslation("records");
  const [time, details, amount, fee, status] = COLUMNS;
  return (
    <RecordTable caption={t("tabs.withdrawals")} columns={COLUMNS} count={props.items.length} filtered={props.filtered}>
      {props.items.map((w) => (
        <tr key={w.id}>
          <Cell column={time}>
            <RecordTime iso={w.createdAt} />
          </Cell>
          <Cell column={details}>
            <span className="record-what">{t("kinds.withdrawal")}</span>{" "}
            <span className="record-where">{w.details}</span>
          </Cell>
          <Cell column={amount}>
            <span className="amount-debit">
              <Money minor={-w.amount} currency={props.currency} />
            </span>
          </Cell>
          <Cell column={fee} label>
            <Money minor={w.fee} currency={props.currency} />
          </Cell>
          <Cell column={status}>
            <RecordStatus
              status={w.status}
              label={t(`status.${w.status}`)}
              reason={w.status === "rejected" ? w.reason : undefined}
            />
          </Cell>
        </tr>
      ))}
    </RecordTable>
  );
}
