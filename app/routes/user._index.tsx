import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { SignedMoney } from "~/components/records/account-table";
import { RecordTime } from "~/components/records/record-table";
import { requireMember } from "~/utils/auth.server";
import { withGameNames } from "~/utils/money.server";
import { lockedBonus } from "~/utils/campaigns.server";
import { BalancesCard, PracticeShortcuts } from "~/components/account/balances-card";
import { MEMBER_LINKS } from "~/utils/member-links";
import type { RouteHandle } from "~/utils/translation-keys";
import { FirstTimeOffer } from "~/components/account/first-time-offer";
import { practiceAmount } from "~/utils/first-landing.server";

export const handle = { titleKey: "user.title", i18n: ["records", "campaigns"] } satisfies RouteHandle;

/** How many operations the overview lists; the rest are in the records. */
const RECENT = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  // in practice mode the balances are the play money's (app/README.md, "Practice mode")
  const practiceMode = context.session.mode === "practice";
  const [info, wallets, recent, practice] = await Promise.all([
    context.platform.call("playerInfo"),
    context.platform.call("wallets"),
    context.platform.call("accountRecords", { query: { page: 1, pageSize: RECENT } }),
    practiceMode ? context.platform.call("practice") : null,
  ]);
  const failed = !info.ok ? info : !wallets.ok ? wallets : practice && !practice.ok ? practice : null;
  const bonus = await lockedBonus(context, wallets.ok ? wallets.data : null);
  return json(
    {
      info: info.ok
        ? { account: info.data.account, realName: info.data.realName, inviteCode: info.data.inviteCode }
        : null,
      wallets: wallets.ok ? withGameNames(context, wallets.data) : null,
      practice: practice?.ok ? practice.data : null,
      bonus,
      // recent activity is a convenience: the page stands without it
      recent: recent.ok ? recent.data.items : null,
      games: context.site.games.map(({ code, name }) => ({ code, name })),
      currency: context.site.currency,
      // a member with nothing in the records yet, in real mode, is offered practice money first
      firstTime: recent.ok && recent.data.items.length === 0 && context.session.mode === "real",
      practiceAmount: practiceAmount(context),
      error: failed?.code ?? null,
    },
    // a call that failed after its retry answers 400, other failures keep theirs (app/README.md, "Failure statuses")
    { status: failed ? failed.status : 200 },
  );
}

/** The sections besides the overview and its three shortcuts, as a grid of tiles (the Binance app's account home). */
const SHORTCUTS = new Set(["/user", "/user/gamePage", "/user/deposit", "/user/withdraw"]);
const SECTIONS = MEMBER_LINKS.filter(([to]) => !SHORTCUTS.has(to));

/**
 * The member center's home: the balances first, then the three things members come for as big
 * buttons (Deposit / Play / Withdraw), what happened lately with dates and signed amounts, the
 * other sections as tiles, and the profile.
 */
export default function MemberHome() {
  const { info, wallets, practice, bonus, recent, games, currency, error, firstTime, practiceAmount } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const gameName = (account: string) => games.find((g) => `game:${g.code}` === account)?.name ?? account;
  return (
    <div className="member-home">
      <h1>{t("user.title")}</h1>
      {error ? (
        <p role="alert" className="error-list">
          {t(`messages:${error}`)}
        </p>
      ) : null}
      <BalancesCard wallets={wallets} practice={practice} bonus={bonus} />
      {/* a member with no activity yet is offered practice money first (app/README.md, "Sign-in and sign-up") */}
      {firstTime ? <FirstTimeOffer practiceAmount={practiceAmount} /> : null}
      {/* in practice mode the shortcuts are to play and back to real money: no Deposit or Withdraw for play money */}
      {practice ? (
        <PracticeShortcuts />
      ) : (
        <nav aria-label={t("user.shortcuts")} className="home-shortcuts">
          <Link to="/user/deposit" className="button button-primary">
            {t("user.nav_deposit")}
          </Link>
          <Link to="/user/gamePage" className="button">
            {t("user.play")}
          </Link>
          <Link to="/user/withdraw" className="button">
            {t("user.nav_withdraw")}
          </Link>
        </nav>
      )}
      {recent ? (
        <section aria-labelledby="recent-activity" className="card">
          <h2 id="recent-activity">{t("user.recent_activity")}</h2>
          {recent.length === 0 ? (
            <p className="muted">{t("user.no_activity")}</p>
          ) : (
            <ul className="recent-list" data-testid="recent-activity">
              {recent.map((r) => (
                <li key={r.id}>
                  <span className="recent-what">
                    {t(`records:ledger_types.${r.type}`)}
                    {r.account.startsWith("game:") ? (
                      <span className="hint">
                        {t("common:join.facts")}
                        {gameName(r.account)}
                      </span>
                    ) : null}
                  </span>
                  <SignedMoney minor={r.amount} currency={currency} />
                  <span className="recent-time">
                    <RecordTime iso={r.time} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="home-more">
            <Link to="/user/record">{t("user.all_records")}</Link>
          </p>
        </section>
      ) : null}
      <nav aria-label={t("user.sections")} className="home-sections">
        {SECTIONS.map(([to, key]) => (
          <Link key={to} to={to}>
            {t(key)}
          </Link>
        ))}
      </nav>
      {info ? (
        <dl className="profile card">
          <div>
            <dt>{t("fields.account")}</dt>
            <dd data-testid="account">{info.account}</dd>
          </div>
          {/* the short sign-up leaves the name for the first withdrawal: no empty row until then */}
          {info.realName ? (
            <div>
              <dt>{t("fields.real_name")}</dt>
              <dd data-testid="real-name">{info.realName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("user.invite_code")}</dt>
            <dd>{info.inviteCode}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
