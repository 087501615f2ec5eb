import { ModeBadge } from "../mode-badge";
import { useTranslation } from "~/utils/translator";
import type { AccountOperation } from "../../../server/contract";
import { Money } from "~/components/money";
import { formatMoney } from "~/utils/money";
import { Cell, RecordTable, RecordTime, type RecordColumn } from "./record-table";

export type Game = { code: string; name: string };

/** "main", "hold", "bonus" (the locked deposit bonus), "positions" (open contract positions' margin) or "game:<code>", named as the member knows them. */
export function useAccountName(games: Game[]): (account: string) => string {
  const { t } = useTranslation("records");
  return (account) => {
    if (account === "main") return t("accounts.main");
    if (account === "hold") return t("accounts.hold");
    if (account === "bonus") return t("accounts.bonus");
    if (account === "positions") return t("accounts.positions");
    // the practice account's (protection.ts): play money, named as the practice banner names it
    if (account === "practice") return t("common:practice.wallet");
    if (account === "practice:positions") return `${t("common:practice.wallet")} · ${t("accounts.positions")}`;
    const code = account.startsWith("game:") ? account.slice("game:".length) : account;
    return t("accounts.game", { name: games.find((g) => g.code === code)?.name ?? code });
  };
}

/**
 * An amount that moved a balance: credits green with a plus sign, debits red with Intl's minus;
 * `neutral` for money moved between the member's own accounts (to the game wallet and back, onto
 * hold): neither gained nor lost, so no colour says it was.
 */
export function SignedMoney({ minor, currency, neutral }: { minor: number; currency: string; neutral?: boolean }) {
  return (
    <span className={neutral ? "amount-neutral" : minor < 0 ? "amount-debit" : "amount-credit"}>
      {minor > 0 ? "+" : null}
      <Money minor={minor} currency={currency} />
    </span>
  );
}

/** A closed position's result by its id (the platform's net, and its payout): the records loader's. */
export type PositionResults = Record<string, { net: number; payout: number }>;

/** Operations that only move money between the member's own accounts. */
const OWN_MOVES: ReadonlySet<string> = new Set([
  "transfer_in",
  "transfer_out",
  "withdrawal_hold",
  "withdrawal_returned",
]);

/**
 * A closed position's row: what it made or lost in all, coloured as the member's rising and
 * falling prices are (red-up or green-up), with the payout beside it; a payout alone, coloured as
 * a gain, read a losing trade as a win. A close the loader did not find (older than the member's
 * last 100) states what it returned over its margin.
 */
function PositionResult({
  operation,
  found,
  currency,
}: {
  operation: AccountOperation;
  found: { net: number; payout: number } | undefined;
  currency: string;
}) {
  const { t, i18n } = useTranslation("records");
  const payout = found?.payout ?? Math.max(0, ...operation.entries.map((e) => e.amount));
  const net = found?.net ?? operation.entries.reduce((sum, e) => sum + e.amount, 0);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  // U+2212 for a loss, as bets' results are written (components/game/bet-result.ts)
  const signed = net === 0 ? money(0) : `${net > 0 ? "+" : "−"}${money(Math.abs(net))}`;
  return (
    <span className="position-result" data-testid="position-result">
      <strong className={net < 0 ? "pnl-loss" : net > 0 ? "pnl-gain" : undefined}>
        {t(net < 0 ? "position.loss" : "position.profit", { amount: signed })}
      </strong>
      {/* the payout under the result: a long language's words never squeeze the card's other column */}
      <span className="position-paid">
        <span className="visually-hidden"> · </span>
        {t("position.paid", { amount: money(payout) })}
      </span>
    </span>
  );
}

const COLUMNS = [
  { key: "columns.time", slot: "time" },
  { key: "columns.type", slot: "what" },
  { key: "columns.amount", slot: "amount" },
  { key: "columns.balance_after", slot: "side" },
  { key: "columns.details", slot: "more" },
] as const satisfies readonly RecordColumn[];

/**
 * Account records, one row per operation (a transfer is one row, not its two postings): what
 * happened, the amount on the account the member counts in (the main account when it moved,
 * else the game wallet or the amount on hold) and that account's balance after. The
 * double-entry postings stay one tap away in a <details> (no JavaScript needed).
 */
export function AccountTable(props: {
  items: AccountOperation[];
  /** closed positions' results, for their "Position closed" rows */
  positions: PositionResults;
  currency: string;
  games: Game[];
  filtered: boolean;
}) {
  const { t } = useTranslation("records");
  const accountName = useAccountName(props.games);
  const [time, type, amount, balance, details] = COLUMNS;
  return (
    <RecordTable caption={t("tabs.account")} columns={COLUMNS} count={props.items.length} filtered={props.filtered}>
      {props.items.map((r) => {
        const from = r.entries.find((e) => e.amount < 0);
        const to = r.entries.find((e) => e.amount > 0);
        const where =
          r.entries.length > 1 && from && to
            ? `${accountName(from.account)} → ${accountName(to.account)}`
            : accountName(r.account);
        return (
          <tr key={r.id} data-testid="account-record">
            <Cell column={time}>
              <RecordTime iso={r.time} />
            </Cell>
            <Cell column={type}>
              {r.account.startsWith("practice") ? (
                <>
                  <ModeBadge mode="practice" />{" "}
                </>
              ) : null}
              <span className="record-what">{t(`ledger_types.${r.type}`)}</span>{" "}
              <span className="record-where">{where}</span>
            </Cell>
            <Cell column={amount}>
              {r.type === "position_close" ? (
                <PositionResult operation={r} found={props.positions[r.reference]} currency={props.currency} />
              ) : (
                <SignedMoney minor={r.amount} currency={props.currency} neutral={OWN_MOVES.has(r.type)} />
              )}
            </Cell>
            <Cell column={balance} label>
              <Money minor={r.balanceAfter} currency={props.currency} />
            </Cell>
            <Cell column={details}>
              <details className="ledger-detail">
                <summary>{t("ledger.entries", { count: r.entries.length })}</summary>
                <ul>
                  {r.entries.map((e) => (
                    <li key={e.id}>
                      <span>{accountName(e.account)}</span>{" "}
                      <SignedMoney minor={e.amount} currency={props.currency} neutral={OWN_MOVES.has(r.type)} />{" "}
                      <span className="record-reason">
                        {t("columns.balance_after")} <Money minor={e.balanceAfter} currency={props.currency} />
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="record-reference">{t("reference_value", { reference: r.reference })}</p>
              </details>
            </Cell>
          </tr>
        );
      })}
    </RecordTable>
  );
}
