import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../../server/contract";
import { useAccountName, SignedMoney, type Game } from "./account-table";
import { Cell, RecordStatus, RecordTable, RecordTime, type RecordColumn } from "./record-table";

type Transaction = CallData<"transactions">["items"][number];

const COLUMNS = [
  { key: "columns.time", slot: "time" },
  { key: "columns.type", slot: "what" },
  { key: "columns.amount", slot: "amount" },
  { key: "columns.status", slot: "side" },
] as const satisfies readonly RecordColumn[];

export function TransactionTable(props: { items: Transaction[]; currency: string; games: Game[]; filtered: boolean }) {
  const { t } = useTranslation("records");
  return (
    <RecordTable
      caption={t("tabs.transactions")}
      columns={COLUMNS}
      count={props.items.length}
      filtered={props.filtered}
    >
      {props.items.map((item) => (
        <TransactionRow key={`${item.kind}-${item.id}`} item={item} currency={props.currency} games={props.games} />
      ))}
    </RecordTable>
  );
}

/** A deposit adds to the main account; a transfer's sign is the main account's side of it. */
function TransactionRow({ item, currency, games }: { item: Transaction; currency: string; games: Game[] }) {
  const { t } = useTranslation("records");
  const accountName = useAccountName(games);
  const [time, type, amount, status] = COLUMNS;
  const game = item.kind === "transfer" ? accountName(`game:${item.gameCode}`) : "";
  const main = accountName("main");
  return (
    <tr>
      <Cell column={time}>
        <RecordTime iso={item.createdAt} />
      </Cell>
      <Cell column={type}>
        <span className="record-what">
          {item.kind === "deposit" ? t("kinds.deposit") : t(`kinds.transfer_${item.direction}`)}
        </span>{" "}
        <span className="record-where">
          {item.kind === "deposit"
            ? item.optionName
            : item.direction === "in"
              ? `${main} → ${game}`
              : `${game} → ${main}`}
        </span>
        {item.kind === "deposit" && item.payment ? (
          // the reference the member wrote in the transfer note; a pending deposit links to what to pay
          <span className="record-reference">
            {t("deposit.reference", { reference: item.payment.reference })}
            {item.status === "pending" ? (
              <Link className="record-link" to={`/user/deposit?view=${encodeURIComponent(item.id)}`}>
                {t("deposit.payment")}
              </Link>
            ) : null}
          </span>
        ) : null}
      </Cell>
      <Cell column={amount}>
        <SignedMoney
          minor={item.kind === "transfer" && item.direction === "in" ? -item.amount : item.amount}
          currency={currency}
          // a transfer moves money between the member's own accounts: no gain or loss to colour
          neutral={item.kind === "transfer"}
        />
      </Cell>
      <Cell column={status}>
        <RecordStatus
          status={item.status}
          label={t(`status.${item.status}`)}
          reason={item.kind === "deposit" && item.status === "refused" ? item.reason : undefined}
        />
      </Cell>
    </tr>
  );
}
