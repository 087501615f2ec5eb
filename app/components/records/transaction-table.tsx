import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../../server/contract";
import { Money } from "~/components/money";
import { useAccountName, type Game } from "./account-table";
import { RecordStatus, RecordTable, RecordTime } from "./record-table";

type Transaction = CallData<"transactions">["items"][number];

const COLUMNS = ["columns.time", "columns.type", "columns.details", "columns.amount", "columns.status"] as const;

export function TransactionTable(props: { items: Transaction[]; currency: string; games: Game[]; filtered: boolean }) {
  const { t } = useTranslation("records");
  return (
    <RecordTable caption={t("tabs.transactions")} columns={COLUMNS} count={props.items.length} filtered={props.filtered}>
      {props.items.map((item) => (
        <TransactionRow key={`${item.kind}-${item.id}`} item={item} currency={props.currency} games={props.games} />
      ))}
    </RecordTable>
  );
}

function TransactionRow({ item, currency, games }: { item: Transaction; currency: string; games: Game[] }) {
  const { t } = useTranslation("records");
  const accountName = useAccountName(games);
  return (
    <tr>
      <th scope="row">
        <RecordTime iso={item.createdAt} />
      </th>
      {item.kind === "deposit" ? (
        <>
          <td>{t("kinds.deposit")}</td>
          <td>{item.optionName}</td>
        </>
      ) : (
        <>
          <td>{t(`kinds.transfer_${item.direction}`)}</td>
          <td>
            {item.direction === "in"
              ? `${accountName("main")} → ${accountName(`game:${item.gameCode}`)}`
              : `${accountName(`game:${item.gameCode}`)} → ${accountName("main")}`}
          </td>
        </>
      )}
      <td className="num">
        <Money minor={item.amount} currency={currency} />
      </td>
      <td>
        <RecordStatus
          status={item.status}
          label={t(`status.${item.status}`)}
          reason={item.kind === "deposit" && item.status === "refused" ? item.reason : undefined}
        />
      </td>
    </tr>
  );
}
