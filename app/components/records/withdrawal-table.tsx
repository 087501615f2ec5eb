import { useTranslation } from "~/utils/translator";
import type { Withdrawal } from "../../../server/contract";
import { Money } from "~/components/money";
import { RecordStatus, RecordTable, RecordTime } from "./record-table";

const COLUMNS = [
  "columns.time",
  "columns.details",
  "columns.amount",
  "columns.limit_amount",
  "columns.fee",
  "columns.status",
] as const;

export function WithdrawalTable(props: { items: Withdrawal[]; currency: string; filtered: boolean }) {
  const { t } = useTranslation("records");
  return (
    <RecordTable caption={t("tabs.withdrawals")} columns={COLUMNS} count={props.items.length} filtered={props.filtered}>
      {props.items.map((w) => (
        <tr key={w.id}>
          <th scope="row">
            <RecordTime iso={w.createdAt} />
          </th>
          <td>{w.details}</td>
          <td className="num">
            <Money minor={w.amount} currency={props.currency} />
          </td>
          <td className="num">
            <Money minor={w.limitAmount} currency={props.currency} />
          </td>
          <td className="num">
            <Money minor={w.fee} currency={props.currency} />
          </td>
          <td>
            <RecordStatus
              status={w.status}
              label={t(`status.${w.status}`)}
              reason={w.status === "rejected" ? w.reason : undefined}
            />
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
