import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { MemberOverview } from "../../server/contract/support";
import type { CallData } from "../../server/contract";
import { Filled } from "../components/filled";
import { useTranslation } from "../utils/translator";
import { ItemFacts, useFormats } from "./item-facts";
import { boPaths } from "./sections";
import { BoTable } from "./table";

type Thread = CallData<"operatorMessages">[number];

/**
 * One member as support reads them (members page): each part under its heading, in the order a
 * call goes: who, money, play, deposits and withdrawals, limits and breaks, messages, then the
 * audit entries (`children`). Real money only; the member's practice money is play money.
 */
export function MemberView({
  siteId,
  currency,
  member: m,
  threads,
  children,
}: {
  siteId: string;
  currency: string;
  member: MemberOverview;
  threads: Thread[] | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("backoffice");
  const { money, time } = useFormats(currency);
  const w = m.wallets;
  const reason = (text: string) => (text === "" ? "—" : <span className="bo-long">{text}</span>);
  return (
    <article aria-labelledby="bo-member-title">
      <h2 id="bo-member-title">{m.account}</h2>
      <ItemFacts
        rows={[
          ["members.member_id", m.memberId],
          ["members.signed_up", time(m.createdAt)],
          ["members.last_signin", m.lastLoginAt ? time(m.lastLoginAt) : t("members.never")],
        ]}
      />

      <section className="bo-section">
        <h2 id="bo-m-balances">{t("members.balances")}</h2>
        <dl className="bo-facts bo-figures">
          {(
            [
              ["members.main", w.main.balance],
              ["members.on_hold", w.main.onHold],
              ["members.bonus", w.main.bonus],
              ["members.in_bets", w.inBets],
              ["members.in_positions", w.inPositions],
              ["members.total", w.total],
            ] as const
          ).map(([label, amount]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{money(amount)}</dd>
            </div>
          ))}
        </dl>
        <BoTable
          label={t("members.game_wallets")}
          columns={["members.game_wallet", "members.balance"]}
          rows={w.games.map((g) => ({
            key: g.code,
            cells: [g.name, <span className="bo-num">{money(g.balance)}</span>],
          }))}
          empty="members.none"
        />
        <p className="bo-hint">{t("members.practice_apart")}</p>
      </section>

      <section className="bo-section">
        <h2 id="bo-m-bets">{t("members.open_bets")}</h2>
        <BoTable
          label={t("members.open_bets")}
          columns={[
            "members.pair",
            "members.option",
            "members.stake",
            "members.period",
            "members.odds",
            "members.ends",
          ]}
          rows={m.openBets.map((b) => ({
            key: b.id,
            cells: [
              b.pair,
              t(`game:option.${b.option}`),
              <span className="bo-num">{money(b.amount)}</span>,
              b.periodNo,
              b.odds,
              time(b.endsAt),
            ],
          }))}
          empty="members.no_open_bets"
        />
      </section>

      <section className="bo-section">
        <h2 id="bo-m-positions">{t("members.positions")}</h2>
        <BoTable
          label={t("members.positions")}
          columns={[
            "members.pair",
            "members.side",
            "members.margin",
            "members.leverage",
            "members.notional",
            "members.opened",
          ]}
          rows={m.positions.map((p) => ({
            key: p.id,
            cells: [
              p.pair,
              t(`contract:ticket.${p.side}`),
              <span className="bo-num">{money(p.margin)}</span>,
              t("members.times", { n: p.leverage }),
              <span className="bo-num">{money(p.notional)}</span>,
              p.openedAt ? time(p.openedAt) : "—",
            ],
          }))}
          empty="members.no_positions"
        />
      </section>

      <section className="bo-section">
        <h2 id="bo-m-deposits">{t("members.deposits")}</h2>
        <BoTable
          label={t("members.deposits")}
          columns={["members.amount", "members.status", "members.requested", "queue.option", "members.reason"]}
          rows={m.deposits.map((d) => ({
            key: d.id,
            cells: [
              <span className="bo-num">{money(d.amount)}</span>,
              t(`money:status.${d.status}`),
              time(d.createdAt),
              d.optionName,
              reason(d.reason),
            ],
          }))}
          empty="members.none"
        />
      </section>

      <section className="bo-section">
        <h2 id="bo-m-withdrawals">{t("members.withdrawals")}</h2>
        <BoTable
          label={t("members.withdrawals")}
          columns={["members.amount", "members.status", "members.requested", "queue.fee", "members.reason"]}
          rows={m.withdrawals.map((x) => ({
            key: x.id,
            cells: [
              <span className="bo-num">{money(x.amount)}</span>,
              t(`money:status.${x.status}`),
              time(x.createdAt),
              <span className="bo-num">{money(x.fee)}</span>,
              reason(x.reason),
            ],
          }))}
          empty="members.none"
        />
      </section>

      <section className="bo-section">
        <h2 id="bo-m-limits">{t("members.limits")}</h2>
        <p>
          {m.protection.activeBreak ? (
            <strong>
              {t(`account:limits.break_active.${m.protection.activeBreak.kind}`, {
                until: time(m.protection.activeBreak.until),
              })}
            </strong>
          ) : (
            t("members.no_break")
          )}
        </p>
        <BoTable
          label={t("members.limits")}
          columns={["members.limit_kind", "members.limit", "members.used", "members.remaining", "members.pending"]}
          rows={m.protection.limits.map((l) => ({
            key: `${l.kind}-${l.period}`,
            cells: [
              <Filled
                text={t("members.limit_name")}
                slots={{ kind: t(`account:limits.kind.${l.kind}`), period: t(`account:limits.period.${l.period}`) }}
              />,
              l.amount === null ? t("account:limits.no_limit") : <span className="bo-num">{money(l.amount)}</span>,
              <span className="bo-num">{money(l.used)}</span>,
              l.remaining === null ? "—" : <span className="bo-num">{money(l.remaining)}</span>,
              l.pending
                ? t("account:limits.pending", {
                    amount: l.pending.amount === null ? t("account:limits.no_limit") : money(l.pending.amount),
                    at: time(l.pending.appliesAt),
                  })
                : "—",
            ],
          }))}
          empty="members.none"
        />
        <p>
          {t(m.protection.realityCheckIsSiteDefault ? "members.reality_default" : "members.reality_own", {
            n: m.protection.realityCheckMinutes,
          })}
        </p>
      </section>

      <section className="bo-section">
        <h2 id="bo-m-messages">{t("menu.messages")}</h2>
        {threads === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
        {threads?.length === 0 ? <p>{t("members.no_messages")}</p> : null}
        {threads && threads.length > 0 ? (
          <ul className="bo-site-list">
            {threads.map((th) => (
              <li key={th.id}>
                <Link
                  to={boPaths.site(siteId, `messages/${encodeURIComponent(th.memberId)}/${encodeURIComponent(th.id)}`)}
                >
                  {th.title}
                </Link>
                <span className="bo-hint bo-under">
                  {t(th.awaitingReply ? "members.awaiting_reply" : "members.answered", { time: time(th.updatedAt) })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="bo-section">
        <h2 id="bo-m-audit">{t("members.audit")}</h2>
        {children}
      </section>
    </article>
  );
}
