import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BEACON_ALGORITHM } from "#rules/beacon";
import { HexValue, RevealText, formatUtc } from "~/components/fairness/parts";
import { BeaconSection } from "~/components/fairness/beacon";
import { loadFairnessDays } from "~/utils/fairness.server";
import { useTranslation } from "~/utils/translator";
import type { RouteHandle } from "~/utils/translation-keys";
import fairnessStyles from "~/styles/fairness.css";

export const handle = { titleKey: "fairness:title", i18n: ["fairness"] } satisfies RouteHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fairnessStyles }];

/**
 * /fairness (public; app/README.md, "Verifiable rounds"): the promise in plain words, what a
 * commitment proves and what it does not, the algorithm as the page's own text, each pair's commitments (tomorrow's, today's, past days' with seeds), and
 * a GET form that opens a period's page. The form's answer comes back here (a GET form cannot build
 * a path) and is redirected to /fairness/<pair>/<periodNo>; a malformed one stays with its error.
 * Not page-cached: today's reveal time and the list change as days pass.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const lookup = { pair: params.get("pair") ?? "", periodNo: (params.get("periodNo") ?? "").trim() };
  let lookupError = false;
  if (params.has("periodNo")) {
    if (context.site.pairs.includes(lookup.pair) && /^\d{12,13}$/.test(lookup.periodNo)) {
      throw redirect(`/fairness/${lookup.pair}/${lookup.periodNo}`);
    }
    lookupError = true;
  }
  const pairs = await loadFairnessDays(context);
  const today = new Date(context.now).toISOString().slice(0, 10);
  return json({ pairs, now: context.now, lookup, lookupError, example: `${today.replaceAll("-", "")}0001` });
}

export default function Fairness() {
  const { t, i18n } = useTranslation("fairness");
  const { pairs, now, lookup, lookupError, example } = useLoaderData<typeof loader>();
  const steps = t("algorithm.steps", { returnObjects: true }) as unknown;
  return (
    <article className="fairness-page">
      <h1>{t("title")}</h1>
      <p className="fairness-lead">{t("lead")}</p>
      <section className="card" aria-labelledby="promise-heading">
        <h2 id="promise-heading">{t("promise.heading")}</h2>
        <ol className="fairness-promise">
          <li>{t("promise.commit")}</li>
          <li>{t("promise.walk")}</li>
          <li>{t("promise.reveal")}</li>
          <li>{t("promise.settings")}</li>
          <li>{t("promise.timing")}</li>
          <li>{t("promise.void")}</li>
        </ol>
        <p className="link-line">
          <a href="#algorithm">{t("algorithm.heading")}</a>
        </p>
      </section>

      {/* what the commitment does not cover, said as plainly as what it does (app/README.md, "Verifiable rounds") */}
      <section className="card" aria-labelledby="limits-heading" data-testid="fairness-limits">
        <h2 id="limits-heading">{t("limits.heading")}</h2>
        <p>{t("limits.proves")}</p>
        <ul className="fairness-gaps">
          <li>{t("limits.not_random")}</li>
          <li>{t("limits.not_seen")}</li>
        </ul>
        <p>{t("limits.later")}</p>
      </section>

      <BeaconSection chain={pairs.flatMap((p) => p.days).find((d) => d.beacon !== null)?.beacon ?? null} />

      <section className="card" aria-labelledby="lookup-heading">
        <h2 id="lookup-heading">{t("lookup.heading")}</h2>
        <p className="muted">{t("lookup.intro")}</p>
        <form method="get" action="/fairness" className="fairness-lookup">
          <div className="field">
            <label htmlFor="lookup-pair">{t("lookup.pair")}</label>
            <select id="lookup-pair" name="pair" defaultValue={lookup.pair || pairs[0]?.pair.symbol}>
              {pairs.map(({ pair }) => (
                <option key={pair.symbol} value={pair.symbol}>
                  {pair.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="lookup-period">{t("lookup.period")}</label>
            <input
              id="lookup-period"
              name="periodNo"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={lookup.periodNo}
              aria-describedby={lookupError ? "lookup-hint lookup-error" : "lookup-hint"}
              aria-invalid={lookupError || undefined}
            />
            <p id="lookup-hint" className="hint">
              {t("lookup.period_hint", { example })}
            </p>
            {lookupError ? (
              <ul id="lookup-error" className="error-list">
                <li>{t("messages:invalid_period")}</li>
              </ul>
            ) : null}
          </div>
          <button type="submit" className="button">
            {t("lookup.submit")}
          </button>
        </form>
      </section>

      {pairs.map(({ pair, days, error }) => (
        <section
          key={pair.symbol}
          className="card"
          aria-labelledby={`seeds-${pair.symbol}`}
          data-testid={`seeds-${pair.symbol}`}
        >
          <h2 id={`seeds-${pair.symbol}`}>
            {t("days.caption", { pair: pair.name })}
            {pair.source === "synthetic" ? <span className="pair-mark">{t("synthetic_mark")}</span> : null}
          </h2>
          {error ? <p className="error-list">{t("days.failed", { pair: pair.name })}</p> : null}
          {!error && days.length === 0 ? <p className="muted">{t("days.none")}</p> : null}
          <ul className="fairness-days">
            {days.map((day) => {
              // from the list itself (newest first: tomorrow's, today's, then revealed days), not from
              // this worker's clock: the platform's clock decides which day runs
              const unrevealed = days.filter((d) => !d.seed);
              const when = day.seed
                ? "revealed"
                : unrevealed.length > 1 && day === unrevealed[0]
                  ? "tomorrow"
                  : "today";
              return (
                <li
                  key={day.day}
                  className={`fairness-day fairness-day-${when}`}
                  data-testid="fairness-day"
                  data-day={day.day}
                >
                  <p className="fairness-day-head">
                    <strong>{day.day}</strong>
                    <span className={`day-pill day-pill-${when}`}>{t(`days.${when}`)}</span>
                  </p>
                  <HexValue label={t("days.commitment")} value={day.commitment} testId="commitment" />
                  {day.seed ? (
                    <HexValue label={t("days.seed")} value={day.seed} testId="seed" />
                  ) : (
                    <p className="fairness-reveal" data-testid="reveal-at">
                      <RevealText revealAt={day.revealAt} now={now} kind="day" />
                    </p>
                  )}
                  <p className="muted">
                    {t("days.committed_at", { time: formatUtc(day.committedAt, i18n.language) })}
                    {t("common:join.facts")}
                    {t("days.params", {
                      volatility: day.volatilityBp,
                      precision: day.precision,
                      seconds: day.periodSeconds,
                    })}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      <section className="card" id="algorithm" aria-labelledby="algorithm-heading">
        <h2 id="algorithm-heading">{t("algorithm.heading")}</h2>
        <p className="muted">{t("algorithm.name", { name: BEACON_ALGORITHM })}</p>
        <ol className="fairness-steps">
          {(Array.isArray(steps) ? (steps as string[]) : []).map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
        <p>{t("algorithm.prices")}</p>
      </section>
    </article>
  );
}
