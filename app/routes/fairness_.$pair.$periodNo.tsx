import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BeaconNotice } from "~/components/fairness/beacon";
import { HexValue, RevealText, formatUtc } from "~/components/fairness/parts";
import { VerifyPanel } from "~/components/fairness/verify-panel";
import { loadPeriodProof, memberBetsOn, sitePairs } from "~/utils/fairness.server";
import { formatPrice } from "~/utils/game";
import { BET_OPTIONS } from "#rules/bet-options";
import { messageKey } from "~/utils/messages";
import { useTranslation } from "~/utils/translator";
import { dynamicKey, type RouteHandle } from "~/utils/translation-keys";
import fairnessStyles from "~/styles/fairness.css";
import type { PeriodProof } from "../../server/contract/fairness";

export const handle = { titleKey: "fairness:title", i18n: ["fairness", "game"] } satisfies RouteHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fairnessStyles }];

/**
 * /fairness/<pair>/<periodNo> (public; app/README.md, "Verifiable rounds"): the period as
 * recorded, its day's commitment and seed, the browser's verification (VerifyPanel) and, for a
 * signed-in member, their bets on it. A pair the site does not offer, a malformed number or a
 * period the platform does not know (or that has not ended) is the 404 page; without JavaScript
 * the page still holds the whole proof and the script's command line.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const proof = await loadPeriodProof(context, params.pair, params.periodNo);
  if (proof === null) throw new Response("Page Not Found", { status: 404 });
  const origin = new URL(request.url).origin;
  if (!proof.ok)
    return json(
      {
        proof: null,
        error: messageKey(proof.code),
        origin,
        now: context.now,
        precision: 2,
        pairName: params.pair!,
        bets: null,
        currency: context.site.currency,
      },
      { status: proof.status >= 500 ? proof.status : 400 },
    );
  const [pairs, bets] = await Promise.all([sitePairs(context), memberBetsOn(context, params.pair!, params.periodNo!)]);
  const pair = pairs.find((p) => p.symbol === params.pair)!;
  return json({
    proof: proof.data,
    error: bets?.error ?? null,
    origin,
    now: context.now,
    precision: proof.data.day.precision,
    pairName: pair.name,
    bets: bets?.orders ?? null,
    currency: context.site.currency,
  });
}

export default function FairnessPeriod() {
  const { t, i18n } = useTranslation("fairness");
  const { proof, error, origin, now, precision, pairName, bets, currency } = useLoaderData<typeof loader>();
  const lng = i18n.language;
  const fmt = (p: number | null) => formatPrice(p, precision, lng);
  if (!proof) {
    return (
      <article className="fairness-page">
        <p className="link-line">
          <Link to="/fairness">{t("period.back")}</Link>
        </p>
        <p className="error-list" role="alert">
          {t(dynamicKey(error ?? "messages:internal_error"))}
        </p>
      </article>
    );
  }
  const { day, period, previous, gaps } = proof;
  const proofPath = `/fairness/${period.pair}/${period.periodNo}/proof.json`;
  return (
    <article className="fairness-page">
      <p className="link-line">
        <Link to="/fairness">{t("period.back")}</Link>
      </p>
      <h1>{t("period.heading", { pair: pairName, periodNo: period.periodNo })}</h1>
      {error ? <p className="error-list">{t(dynamicKey(error))}</p> : null}

      <section className="card" aria-labelledby="recorded-heading">
        <h2 id="recorded-heading">{t("period.recorded")}</h2>
        <dl className="fairness-facts" data-testid="period-facts">
          <div>
            <dt>{t("period.starts")}</dt>
            <dd>{formatUtc(period.startsAt, lng)}</dd>
          </div>
          <div>
            <dt>{t("period.ends")}</dt>
            <dd>{formatUtc(period.endsAt, lng)}</dd>
          </div>
          <div>
            <dt>{t("period.open")}</dt>
            <dd data-testid="period-open">{fmt(period.openPrice)}</dd>
          </div>
          <div>
            <dt>{t("period.close")}</dt>
            <dd data-testid="period-close">{fmt(period.closePrice)}</dd>
          </div>
          <div>
            <dt>{t("period.last_digit")}</dt>
            <dd data-testid="period-digit">{period.lastDigit ?? "—"}</dd>
          </div>
        </dl>
        {period.voidReason ? (
          // void: every bet refunded whatever the prices, so the outcomes below are all refunds and none is a winner
          <p className="fairness-void" data-testid="period-void">
            {t(`game:void_reason.${period.voidReason}`)}
          </p>
        ) : null}
        <h3 className="fairness-subhead">{t("period.outcomes")}</h3>
        <ul className="fairness-outcomes" data-testid="period-outcomes">
          {BET_OPTIONS.map((o) => {
            const outcome = period.outcomes?.[o];
            return (
              <li key={o} className={outcome ? `outcome-${outcome}` : undefined}>
                <span>{t(`game:option.${o}`)}</span> <strong>{outcome ? t(`game:outcome.${outcome}`) : "—"}</strong>
              </li>
            );
          })}
        </ul>
        {previous ? (
          <p className="muted">
            {t("period.previous", {
              periodNo: previous.periodNo,
              open: fmt(previous.openPrice),
              close: fmt(previous.closePrice),
            })}
          </p>
        ) : null}
        {gaps.map(([from, to]) => (
          <p key={from} className="muted">
            {t("period.gaps", {
              from: formatUtc(new Date(from * 1000).toISOString(), lng),
              to: formatUtc(new Date(to * 1000).toISOString(), lng),
            })}
          </p>
        ))}
      </section>

      {proof.attestation ? (
        // fed by an exchange (docs/decisions/032): no seed to recompute from; the trades to look up
        <FedTrades attestation={proof.attestation} fmt={fmt} lng={lng} />
      ) : (
        <>
          <section className="card" aria-labelledby="day-heading">
            <h2 id="day-heading">{t("period.day_heading", { day: day.day })}</h2>
            <HexValue label={t("days.commitment")} value={day.commitment} testId="commitment" />
            {day.beacon ? <BeaconNotice chain={day.beacon} /> : null}
            {day.seed ? (
              <HexValue label={t("days.seed")} value={day.seed} testId="seed" />
            ) : (
              <p className="fairness-reveal" data-testid="not-revealed">
                <RevealText revealAt={day.revealAt} now={now} kind="period" day={day.day} />
              </p>
            )}
            <p className="muted">
              {t("days.committed_at", { time: formatUtc(day.committedAt, lng) })}
              {t("common:join.facts")}
              {t("days.params", { volatility: day.volatilityBp, precision: day.precision, seconds: day.periodSeconds })}
            </p>
          </section>

          <VerifyPanel proof={proof} precision={precision} bets={bets} currency={currency} />
        </>
      )}

      <section className="card" aria-labelledby="script-heading">
        <h2 id="script-heading">{t("script.heading")}</h2>
        <p>{t("script.body")}</p>
        <pre className="fairness-command" data-testid="script-command">
          <code>{`node server/cli/verify-period.mjs ${origin} ${period.pair} ${period.periodNo}`}</code>
        </pre>
        <p>{t("script.exit")}</p>
        <p className="link-line">
          <a href={proofPath} data-testid="proof-link">
            {t("period.proof_link")}
          </a>
        </p>
      </section>
    </article>
  );
}

/** A fed period's prices: the exchange's opening and closing trades, each to look up by its number. */
function FedTrades({
  attestation,
  fmt,
  lng,
}: {
  attestation: NonNullable<PeriodProof["attestation"]>;
  fmt: (price: number | null) => string;
  lng: string;
}) {
  const { t } = useTranslation("fairness");
  const exchange = attestation.exchange === "binance" ? "Binance" : attestation.exchange;
  const trade = (side: "open" | "close") => {
    const at = attestation[side];
    if (!at) return t("fed.none");
    const values = { price: fmt(at.price), time: formatUtc(new Date(at.tradeTime).toISOString(), lng) };
    return at.via === "trade" && at.tradeId !== null
      ? t("fed.trade", { ...values, id: at.tradeId })
      : t("fed.kline", values);
  };
  return (
    <section className="card" aria-labelledby="fed-heading" data-testid="fed-trades">
      <h2 id="fed-heading">{t("fed.heading", { exchange })}</h2>
      <p>{t("fed.body", { exchange, symbol: attestation.symbol })}</p>
      <dl className="fairness-facts">
        <div>
          <dt>{t("fed.open")}</dt>
          <dd data-testid="fed-open">{trade("open")}</dd>
        </div>
        <div>
          <dt>{t("fed.close")}</dt>
          <dd data-testid="fed-close">{trade("close")}</dd>
        </div>
      </dl>
    </section>
  );
}
