import { useEffect, useState } from "react";
import type { PeriodProof } from "../../../server/contract/fairness";
import type { Verification, VerifyLine } from "~/utils/fairness-verify";
import { formatPrice, type Order } from "~/utils/game";
import { useTranslation } from "~/utils/translator";
import { Money } from "../money";
import { TickChart, type TickPoint } from "./tick-chart";

type Outcome = "win" | "lose" | "refund";
const SETTLED_AS: Record<Order["status"], Outcome | null> = {
  open: null,
  won: "win",
  lost: "lose",
  refunded: "refund",
};

/**
 * The period page's verification (app/README.md, "Verifiable rounds"): the recorded ticks' chart,
 * the "Verify in this browser" button and its line-by-line result, and the member's bets on the
 * period. The verifier (utils/fairness-verify.ts, WebCrypto) is imported only when the button is
 * pressed: no route's initial JS carries it. The button exists only once the page runs (before
 * hydration, or without JavaScript, it could do nothing); the script's instructions stand for it.
 */
export function VerifyPanel({
  proof,
  precision,
  bets,
  currency,
}: {
  proof: PeriodProof;
  precision: number;
  bets: Order[] | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation("fairness");
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<{ kind: "idle" | "running" | "failed" } | { kind: "done"; result: Verification }>({
    kind: "idle",
  });
  useEffect(() => setReady(typeof crypto !== "undefined" && crypto.subtle !== undefined), []);
  const revealed = proof.day.seed !== null;
  const result = state.kind === "done" ? state.result : null;
  const recorded: TickPoint[] = proof.ticks.map((tick) => [tick.second, tick.price]);

  /** never rejects: every failure becomes the "failed" state the panel shows */
  async function run() {
    setState({ kind: "running" });
    try {
      const { verifyPeriod } = await import("~/utils/fairness-verify");
      setState({ kind: "done", result: await verifyPeriod(proof) });
    } catch {
      setState({ kind: "failed" });
    }
  }

  const fmtValue = (line: VerifyLine, value: string | number | null) => {
    if (value === null) return "—";
    if (line.key === "open_chain" || line.key === "close") return formatPrice(Number(value), precision, i18n.language);
    if (line.key === "ticks") return t("verify.ticks_value", { count: Number(value) });
    if (line.key === "beacon_key") return t(`beacon.kind.${value as "local" | "drand-quicknet"}`);
    if (line.key === "beacon_signatures" || line.key === "beacon_timing")
      return t("verify.rounds_value", { count: Number(value) });
    if (line.key.startsWith("outcome.")) return t(`game:outcome.${value as Outcome}`);
    return String(value);
  };
  const lineName = (line: VerifyLine) =>
    line.key.startsWith("outcome.")
      ? t("verify.lines.outcome", { option: t(`game:option.${line.key.slice("outcome.".length) as "high"}`) })
      : t(`verify.lines.${line.key as Exclude<VerifyLine["key"], `outcome.${string}`>}`);
  const recomputedOutcome = (option: Order["option"]) =>
    (result?.lines.find((l) => l.key === `outcome.${option}`)?.recomputed ?? null) as Outcome | null;

  return (
    <>
      {recorded.length || result ? (
        <figure className="card tick-figure">
          {/* two proportions, one shown by the stylesheet (as the game's sparkline): a stretched SVG would stretch its labels */}
          {(["narrow", "wide"] as const).map((variant) => (
            <TickChart
              key={variant}
              variant={variant}
              recorded={recorded}
              recomputed={result?.ticks ?? []}
              open={proof.period.openPrice}
              precision={precision}
              label={result ? t("period.recomputed_chart") : t("period.recorded_chart")}
            />
          ))}
          <figcaption className="muted">
            {result ? t("period.recomputed_chart") : t("period.recorded_chart")}
          </figcaption>
        </figure>
      ) : null}
      {revealed ? (
        <section className="card fairness-verify" aria-labelledby="verify-heading">
          <h2 id="verify-heading">{t("verify.heading")}</h2>
          <p>{t("verify.intro")}</p>
          {ready ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void run()}
              disabled={state.kind === "running"}
              data-testid="verify-button"
            >
              {state.kind === "running" ? t("verify.running") : t("verify.button")}
            </button>
          ) : null}
          <div aria-live="polite">
            {state.kind === "failed" ? <p className="form-error">{t("verify.load_failed")}</p> : null}
            {result ? (
              <p
                className={result.ok ? "verify-verdict verify-ok" : "verify-verdict verify-bad"}
                data-testid="verify-verdict"
              >
                {result.ok ? t("verify.all_ok") : t("verify.mismatch")}
              </p>
            ) : null}
          </div>
          {result ? (
            // one row per check: a list, not a table, so a 360 px phone shows every value without
            // scrolling sideways; from 1026 px its rows line up as columns (fairness.css)
            <ul className="verify-lines" data-testid="verify-lines">
              <li className="verify-lines-head" aria-hidden="true">
                <span>{t("verify.what")}</span>
                <span>{t("verify.recorded")}</span>
                <span>{t("verify.recomputed")}</span>
                <span>{t("verify.result")}</span>
              </li>
              {result.lines.map((line) => (
                <li
                  key={line.key}
                  className={line.ok ? "verify-line verify-line-ok" : "verify-line verify-line-bad"}
                  data-testid={`verify-${line.key}`}
                >
                  <span className="verify-name">{lineName(line)}</span>
                  <span className={line.key === "commitment" ? "verify-value hex" : "verify-value"}>
                    <span className="verify-tag">{t("verify.recorded")}</span> {fmtValue(line, line.recorded)}
                  </span>
                  <span className={line.key === "commitment" ? "verify-value hex" : "verify-value"}>
                    <span className="verify-tag">{t("verify.recomputed")}</span> {fmtValue(line, line.recomputed)}
                  </span>
                  <span className="verify-mark">{line.ok ? t("verify.ok") : t("verify.bad")}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {bets ? (
        <section className="card" aria-labelledby="bets-heading" data-testid="period-bets">
          <h2 id="bets-heading">{t("bets.heading")}</h2>
          {bets.length === 0 ? (
            <p className="muted">{t("bets.none")}</p>
          ) : (
            <ul className="fairness-bets">
              {bets.map((o) => {
                const settled = SETTLED_AS[o.status];
                const expected = result ? recomputedOutcome(o.option) : (proof.period.outcomes?.[o.option] ?? null);
                const check =
                  settled === null
                    ? t("bets.open")
                    : result
                      ? settled === expected
                        ? t("bets.matches_recomputed")
                        : t("bets.differs_recomputed")
                      : settled === expected
                        ? t("bets.matches_recorded")
                        : t("bets.differs_recorded");
                return (
                  <li key={o.id} className="fairness-bet" data-testid="period-bet">
                    <span className={`mode-pill mode-${o.mode}`}>
                      {o.mode === "practice" ? t("bets.practice") : t("bets.real")}
                    </span>{" "}
                    <strong>{t(`game:option.${o.option}`)}</strong> · <Money minor={o.amount} currency={currency} /> ·{" "}
                    {t(`game:status.${o.status}`)}
                    <br />
                    <span className={settled !== null && settled !== expected ? "verify-bad" : "verify-ok"}>
                      {check}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
