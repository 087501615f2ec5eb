import { Money } from "~/components/money";
import { Link } from "@remix-run/react";
import { ModeBadge } from "~/components/mode-badge";
import { SwitchToReal } from "~/components/real-money-only";
import { LockedBonusEntry } from "~/components/campaigns/locked-bonus";
import type { LockedBonusData } from "~/utils/campaigns";
import { useTranslation } from "~/utils/translator";
import type { Wallets } from "../../../server/contract";
import type { PracticeAccount } from "../../../server/contract/protection";

/**
 * The overview's balances (app/README.md, "Member center"): the total first, then every part it
 * is made of, as Binance's estimated total over its wallets. Each figure is the platform's, the
 * total included (server/platform/README.md, "Balances"): the site adds nothing up. A locked bonus
 * is its own entry after the parts, never in the total. In practice mode the same card shows the
 * play money, so the member center never shows real money while the page says practice.
 */
export function BalancesCard({
  wallets,
  practice,
  bonus,
}: {
  wallets: Wallets | null;
  practice: PracticeAccount | null;
  bonus: LockedBonusData | null;
}) {
  const { t } = useTranslation();
  if (practice) {
    const money = (minor: number) => <Money minor={minor} currency={practice.currency} />;
    return (
      <section aria-labelledby="balances-title" className="card home-balances" data-testid="balances">
        <h2 id="balances-title">
          {t("user.balances")} <ModeBadge mode="practice" />
        </h2>
        <Total>{money(practice.total)}</Total>
        <dl className="home-wallets">
          <Part label={t("practice.balance")} testId="available">
            {money(practice.balance)}
          </Part>
          <Part label={t("user.in_bets")} testId="in-bets">
            {money(practice.inBets)}
          </Part>
          <Part label={t("user.in_positions")} testId="in-positions">
            {money(practice.positions)}
          </Part>
        </dl>
      </section>
    );
  }
  if (!wallets) return null;
  const money = (minor: number) => <Money minor={minor} currency={wallets.currency} />;
  return (
    <section aria-labelledby="balances-title" className="card home-balances" data-testid="balances">
      <h2 id="balances-title">{t("user.balances")}</h2>
      <Total>{money(wallets.total)}</Total>
      <dl className="home-wallets">
        <Part label={t("user.main_account")} testId="main-balance">
          {money(wallets.main.balance)}
        </Part>
        <Part label={t("user.on_hold")} testId="on-hold">
          {money(wallets.main.onHold)}
        </Part>
        {wallets.games.map((g) => (
          <Part key={g.code} label={t("user.game_wallet", { name: g.name })} testId={`game-balance-${g.code}`}>
            {money(g.balance)}
          </Part>
        ))}
        <Part label={t("user.in_bets")} testId="in-bets">
          {money(wallets.inBets)}
        </Part>
        <Part label={t("user.in_positions")} testId="in-positions">
          {money(wallets.inPositions)}
        </Part>
        {bonus ? <LockedBonusEntry bonus={bonus} currency={wallets.currency} /> : null}
      </dl>
    </section>
  );
}

function Total({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <p className="home-main">
      <span className="home-main-label">{t("user.total_balance")}</span>
      <strong data-testid="balance-total">{children}</strong>
    </p>
  );
}

function Part({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The overview's shortcuts in practice mode: play with the play money, or go back to real money. */
export function PracticeShortcuts() {
  const { t } = useTranslation();
  return (
    <div className="home-shortcuts home-shortcuts-practice" data-testid="practice-shortcuts">
      <Link to="/user/gamePage" className="button button-primary">
        {t("user.play")}
      </Link>
      <SwitchToReal />
    </div>
  );
}
