import { useTranslation } from "~/utils/translator";
import type { LedgerRecord } from "../../../server/contract";
import { Money } from "~/components/money";
import { RecordTable, RecordTime } from "./record-table";

export type Game = { code: string; name: string };

/** "main", "hold" or "game:<code>", named as the member knows them. */
export function useAccountName(games: Game[]): (account: string) => string {
  const { t } = useTranslation("records");
  return (account) => {
    if (account === "main") return t("accounts.main");
    if (account === "hold") return t("accounts.hold");
    const code = account.startsWith("game:") ? account.slice("game:".length) : account;
    return t("accounts.game", { name: games.find((g) => g.code === code)?.name ?? code });
  };
}

/** An amount that moved a balance: credits carry a plus sign, debits Intl's minus. */
export function SignedMoney({ minor, currency }: { minor: number; currency: string }) {
  return (
    <span className={minor < 0 ? "amount-debit" : "amount-credit"}>
      {minor > 0 ? "+" : null}
      <Money minor={minor} currency={currency} />
    </span>
  );
}

const COLUMNS = ["columns.time", "columns.type", "columns.account", "columns.amount", "columns.balance_after", "columns.reference"] as const;

export function AccountTable(props: { items: LedgerRecord[]; currency: string; games: Game[]; filtered: boolean }) {
  const { t } = useTranslation("records");
  const accountName = useAccountName(props.games);
  return (
    <RecordTable caption={t("tabs.account")} columns={COLUMNS} count={props.items.length} filtered={props.filtered}>
      {props.items.map((r) => (
        <tr key={r.id}>
          <th scope="row">
            <RecordTime iso={r.time} />
          </th>
          <td>{t(`ledger_types.${r.type}`)}</td>
          <td>{accountName(r.account)}</td>
          <td className="num">
            <SignedMoney minor={r.amount} currency={props.currency} />
          </td>
          <td className="num">
            <Money minor={r.balanceAfter} currency={props.currency} />
          </td>
          <td className="record-reference">{r.reference}</td>
        </tr>
      ))}
    </RecordTable>
  );
}
