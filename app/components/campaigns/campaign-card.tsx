import { Form } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { RichText } from "~/components/rich-text";
import { CsrfInput, SubmitButton } from "~/components/forms";
import { IdempotencyInput, Money } from "~/components/money";
import { useTimeZone } from "~/utils/time-zone";
import { formatDateTime } from "~/utils/date-time";
import { Period } from "~/components/support/time";
import { formatMoney } from "~/utils/money";
import { dynamicKey } from "~/utils/translation-keys";
import { formatPercent, ruleSentence, type CampaignCardData, type WageringExample } from "~/utils/campaigns";
import type { BonusLock, MemberCampaign } from "../../../server/contract";

/** A refused join, shown on the card it was posted from. */
export interface JoinRefusal {
  campaign: string | null;
  error: string;
  idempotencyKey: string;
}

/**
 * One campaign as a product card (app/README.md, "Campaigns"): the headline figure, title, dates
 * and status up top (Binance's reward cards lead with the reward; PancakeSwap's cards keep one
 * clean header), then what it pays in plain words computed from the rule, the operator's summary,
 * the member's part (Join, or joined; each bonus's wagering as a progress bar; the rebate's
 * current period; the total credited) and the operator's rules last. A bonus with wagering says
 * how bets count toward it, with the example worked out by the platform's rule.
 */
export function CampaignCard({
  card,
  currency,
  wagering,
  refusal,
}: {
  card: CampaignCardData;
  currency: string;
  wagering: WageringExample | null;
  refusal: JoinRefusal | null;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const { t: ts } = useTranslation("support");
  const { texts, member, status } = card;
  const rule = member?.rule ?? null;
  const locale = i18n.language;
  const id = `campaign-${card.key}`;
  // the rule's dates are the ones the platform pays by; texts alone keep theirs
  const dates = rule ?? texts!;
  return (
    <article
      className={`card campaign campaign-${status}`}
      aria-labelledby={id}
      data-testid="campaign"
      data-campaign={card.key}
    >
      <header className="campaign-head">
        {rule ? (
          <span className={`campaign-figure campaign-figure-${rule.kind}`} aria-hidden="true">
            {formatPercent(rule.percentBp, locale)}
          </span>
        ) : null}
        <div className="campaign-heading">
          <h2 id={id}>{texts?.title ?? t(`kind.${rule!.kind}`)}</h2>
          <p className="campaign-period">
            <Period startsAt={dates.startsAt} endsAt={dates.endsAt} />
          </p>
        </div>
        <span className={`badge campaign-status status-${status}`}>{t(`status.${status}`)}</span>
      </header>
      {rule ? (
        <p className="campaign-rule" data-testid="campaign-rule">
          <span className="campaign-rule-label">{t("rule.label")}</span>
          {ruleSentence(rule, t, { currency, locale })}
        </p>
      ) : null}
      {rule?.kind === "deposit_bonus" && rule.wagering > 0 ? (
        <WageringNote example={wagering} currency={currency} />
      ) : null}
      {texts?.summary ? <p className="lead stored-text">{texts.summary}</p> : null}
      {member ? <Participation card={card} member={member} currency={currency} refusal={refusal} /> : null}
      {texts?.content ? (
        <>
          <h3>{ts("activity.rules")}</h3>
          <RichText text={texts.content} />
        </>
      ) : null}
    </article>
  );
}

/** What counts toward wagering (the stake at risk), in plain words, and the worked example. */
function WageringNote({ example, currency }: { example: WageringExample | null; currency: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  return (
    <p className="hint campaign-wagering" data-testid="campaign-wagering">
      {t("wagering.rule")}
      {example ? (
        <>
          {" "}
          {t("wagering.example", {
            stake: money(example.stake),
            total: money(2 * example.stake),
            counted: money(example.counted),
          })}
        </>
      ) : null}
    </p>
  );
}

/** Whether the member takes part (Join, joined on…, or automatic) and their progress. */
function Participation({
  card,
  member,
  currency,
  refusal,
}: {
  card: CampaignCardData;
  member: MemberCampaign;
  currency: string;
  refusal: JoinRefusal | null;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const zone = useTimeZone();
  const { rule } = member;
  const refused = refusal && refusal.campaign === card.key ? refusal : null;
  return (
    <>
      {card.status === "ended" ? <p className="hint campaign-note">{t("ended_note")}</p> : null}
      {card.joinKey ? (
        // a real form: Join works with JavaScript off (CSRF, idempotency key, post/redirect/get)
        <Form method="post" className="campaign-join" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="campaign" value={card.key} />
          <IdempotencyInput value={refused?.idempotencyKey ?? card.joinKey} />
          {refused ? (
            <p role="alert" className="error-list">
              {t(dynamicKey(refused.error))}
            </p>
          ) : null}
          <SubmitButton>{t("join")}</SubmitButton>
          <p className="hint">{t("join_hint")}</p>
        </Form>
      ) : member.joined ? (
        <p className="campaign-joined" data-testid="campaign-joined">
          {rule.optIn && member.joinedAt
            ? t("joined_on", { date: formatDateTime(member.joinedAt, i18n.language, zone) })
            : t("automatic")}
        </p>
      ) : null}
      {member.joined || member.credited > 0 || member.bonuses.length > 0 ? (
        <section className="campaign-progress" aria-labelledby={`${card.key}-progress`} data-testid="campaign-progress">
          <h3 id={`${card.key}-progress`}>{t("progress_title")}</h3>
          {rule.kind === "deposit_bonus" ? (
            member.bonuses.length > 0 ? (
              <ul className="bonus-list">
                {member.bonuses.map((b) => (
                  <BonusProgress key={b.id} bonus={b} currency={currency} />
                ))}
              </ul>
            ) : card.status === "active" ? (
              <p className="hint">{t(rule.deposits === "first" ? "bonus.none_first" : "bonus.none_each")}</p>
            ) : null
          ) : (
            <RebatePeriod member={member} rounds={rule.period === "rounds" ? rule.rounds : 0} currency={currency} />
          )}
          <p className="campaign-credited">
            <span className="muted">{t("credited")}</span>{" "}
            <strong data-testid="campaign-credited">
              <Money minor={member.credited} currency={currency} />
            </strong>
          </p>
        </section>
      ) : null}
    </>
  );
}

/**
 * One bonus and its wagering: "Bet US$450.00 more to unlock US$50.00" over a bar of the turnover so
 * far. A native <progress> (its value read out by screen readers, no inline style, which the CSP
 * forbids), labelled by the sentence above it.
 */
function BonusProgress({ bonus, currency }: { bonus: BonusLock; currency: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const zone = useTimeZone();
  const locale = i18n.language;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const labelId = `bonus-${bonus.id}`;
  if (bonus.status === "released") {
    return (
      <li className="bonus bonus-released" data-testid="bonus">
        <strong id={labelId}>{t("bonus.released", { amount: money(bonus.amount) })}</strong>
        {bonus.releasedAt ? (
          <span className="hint">
            {t("bonus.released_on", { date: formatDateTime(bonus.releasedAt, locale, zone) })}
          </span>
        ) : null}
      </li>
    );
  }
  const remaining = Math.max(0, bonus.turnoverRequired - bonus.turnover);
  return (
    <li className="bonus bonus-locked" data-testid="bonus">
      <strong id={labelId} data-testid="bonus-remaining">
        {t("bonus.locked", { remaining: money(remaining), amount: money(bonus.amount) })}
      </strong>
      <progress
        className="campaign-bar"
        value={Math.min(bonus.turnover, bonus.turnoverRequired)}
        max={Math.max(1, bonus.turnoverRequired)}
        aria-labelledby={labelId}
      />
      <span className="hint bonus-facts">
        <span data-testid="bonus-turnover">
          {t("bonus.turnover", { turnover: money(bonus.turnover), required: money(bonus.turnoverRequired) })}
        </span>
        <span>{t("bonus.paid_on", { date: formatDateTime(bonus.createdAt, locale, zone) })}</span>
      </span>
    </li>
  );
}

/** The rebate's current period: rounds, stakes, payouts, net result, what it would pay now, and when it ends. */
function RebatePeriod({ member, rounds, currency }: { member: MemberCampaign; rounds: number; currency: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const zone = useTimeZone();
  const period = member.currentPeriod;
  if (!period) return member.joined && member.active ? <p className="hint">{t("period.none")}</p> : null;
  const net = period.payouts - period.stakes;
  return (
    <div className="rebate-period" data-testid="rebate-period">
      <p className="rebate-period-title">
        <strong>{t("period.title")}</strong>{" "}
        <span className="hint">
          {period.endsAt
            ? t("period.ends", { date: formatDateTime(period.endsAt, i18n.language, zone) })
            : t("period.ends_rounds", { count: Math.max(0, rounds - period.rounds) })}
        </span>
      </p>
      {rounds > 0 ? (
        <progress
          className="campaign-bar"
          value={Math.min(period.rounds, rounds)}
          max={rounds}
          aria-label={t("period.rounds")}
        />
      ) : null}
      <dl className="rebate-facts">
        <div>
          <dt>{t("period.rounds")}</dt>
          <dd>{rounds > 0 ? `${period.rounds} / ${rounds}` : period.rounds}</dd>
        </div>
        <div>
          <dt>{t("period.stakes")}</dt>
          <dd>
            <Money minor={period.stakes} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("period.payouts")}</dt>
          <dd>
            <Money minor={period.payouts} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("period.net")}</dt>
          <dd className={net < 0 ? "amount-debit" : net > 0 ? "amount-credit" : undefined}>
            {net > 0 ? "+" : null}
            <Money minor={net} currency={currency} />
          </dd>
        </div>
        <div className="rebate-projected">
          <dt>{t("period.projected")}</dt>
          <dd data-testid="rebate-projected">
            <Money minor={period.projected} currency={currency} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
