import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/form-core";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { useTranslation } from "~/utils/translator";
import { useGameName } from "~/utils/root-data";
import { gameHref, modeOfWallet, pairName } from "~/utils/game";
import type { gameAction, gameLoader } from "~/utils/game.server";
import { BetForm } from "./bet-form";
import { GameChart } from "./game-chart";
import { GameModes } from "./game-modes";
import { MarketPanel } from "./market-panel";
import { NextRound } from "./round-head";
import type { SparkPoint } from "./sparkline";
import { useLiveMarket } from "./use-live-market";
import { useTickets } from "./use-tickets";

// The sections below the bet panel and the settled-bet banners are code of their own, loaded
// after the page's (React.lazy): the server renders them whole (it waits for allReady), and the
// browser keeps that HTML until their code arrives, so nothing blinks; the first screen's
// JavaScript (the price, the options, the bet bar) stays within its budget (tests/bench).
const CurrentOrders = lazyPiece("app/components/game/orders.tsx", () =>
  import("./orders").then((m) => ({ default: m.CurrentOrders })),
);
const SettlementResults = lazyPiece("app/components/game/results.tsx", () =>
  import("./results").then((m) => ({ default: m.SettlementResults })),
);
const OrderHistory = lazyPiece("app/components/game/history.tsx", () => import("./history"));
const QuotesTable = lazyPiece("app/components/game/quotes.tsx", () => import("./quotes"));
const Rules = lazyPiece("app/components/game/rules.tsx", () => import("./rules"));
const GameTabs = lazyPiece("app/components/game/tabs.tsx", () => import("./tabs"));
const KlineChart = lazyPiece("app/components/game/kline-chart.tsx", () => import("./kline-chart"));
// shown only during a time-out or self-exclusion, so no page carries it in its first JavaScript
const BreakPanel = lazyPiece("app/components/protection/break-panel.tsx", () =>
  import("~/components/protection/break-panel").then((m) => ({ default: m.BreakPanel })),
);

/** Seconds of price history the sparkline shows before the last tick. */
const SPARK_SECONDS = 90;

/**
 * The game page, shared by /game (default layout) and /user/gamePage (inside the member center).
 * Two rounds (app/README.md, "The game page"): Live (running, its open known, the member's bets
 * in it) and Next (the bet form, taking bets until its cut-off, before it starts); with the
 * stream, Next becomes Live at each boundary. On a phone everything needed to bet is on the first
 * screen: the pair, the Live round's price against its open and its countdown, the sparkline, the
 * Next round's countdown, the options, the chips and the bet bar pinned to the bottom. From
 * 1026 px: the chart on the left with the orders below it, Live and Next on the right.
 */
export function GamePage({ path }: { path: string }) {
  const data = useLoaderData<typeof gameLoader>();
  const actionData = useActionData<typeof gameAction>();
  const { t } = useTranslation("game");
  const gameName = useGameName();
  const { query, market } = data;
  const live = useLiveMarket(market);
  const tickets = useTickets(data.tickets, data.gameCode);
  const points = useSparkPoints(data.spark, live.tick);
  const precisionOf = (pair: string) =>
    data.pairs.find((p) => p.symbol === pair)?.precision ?? market?.pair.precision ?? 2;
  const pairNameOf = (pair: string) => data.pairs.find((p) => p.symbol === pair)?.name ?? pairName(pair);
  const bets = useMemo(() => tickets.orders.filter((o) => o.pair === query.pair), [tickets.orders, query.pair]);
  const livePeriodNo = live.current?.periodNo;
  const liveBets = useMemo(() => bets.filter((o) => o.periodNo === livePeriodNo), [bets, livePeriodNo]);
  // a refusal is about the round the form bet on: it clears when that round stops being Next
  const lastResult = useAnswerOfThisPeriod(actionData?.result, live.next?.periodNo);
  return (
    <div className="game-page">
      <div className="game-top">
        <h1>{gameName}</h1>
        <GameModes pair={query.pair} current="rounds" roundsPath={path} />
        <nav aria-label={t("pairs_label")} className="game-pairs">
          {data.pairs.map((p) => (
            <Link
              key={p.symbol}
              to={gameHref(path, { ...query, pair: p.symbol, page: 1 })}
              aria-current={p.symbol === query.pair ? "page" : undefined}
              preventScrollReset
            >
              {p.name}
              {p.source === "synthetic" ? <span className="pair-mark">{t("synthetic_mark")}</span> : null}
            </Link>
          ))}
        </nav>
      </div>
      {data.marketError ? (
        <p role="alert" className="error-list">
          {t(data.marketError)}
        </p>
      ) : null}
      <div className="game-layout">
        {market && live.current ? (
          <MarketPanel
            pairName={market.pair.name}
            precision={market.pair.precision}
            price={live.price}
            current={live.current}
            ended={live.ended}
            bets={liveBets}
            currency={data.currency}
            serverTime={market.serverTime}
            connected={live.connected}
            refused={live.refused}
            down={live.down}
            clock={live.clock}
          />
        ) : null}
        {market && live.current && live.next ? (
          <GameChart
            pair={query.pair}
            points={points}
            period={live.current}
            lockedFrom={live.next.cutoffAt}
            precision={market.pair.precision}
            bets={bets}
            seconds={SPARK_SECONDS}
            tick={live.tick}
            klineTab={query.tab === "chart"}
            overlay={
              // the chart's corner, as a trading app puts a result on its chart: a period settles as
              // the next opens, when the price, the rounds and the bet form must stay readable
              <Suspense fallback={null}>
                <SettlementResults
                  results={tickets.results}
                  currency={data.currency}
                  ended={live.ended}
                  onDismiss={tickets.dismiss}
                  pairNameOf={pairNameOf}
                />
              </Suspense>
            }
          />
        ) : null}
        {data.onBreak ? (
          // a bet from a page rendered before the break: the platform's refusal above the panel
          <Suspense fallback={null}>
            <BreakPanel {...data.onBreak}>
              <ErrorList errors={lastResult?.error?.[""]} alert />
            </BreakPanel>
          </Suspense>
        ) : (
          <BetForm
            pair={query.pair}
            periodNo={live.next?.periodNo ?? ""}
            head={
              market && live.current && live.next ? (
                <NextRound
                  next={live.next}
                  opensAt={live.current.startsAt}
                  serverTime={market.serverTime}
                  clock={live.clock}
                />
              ) : null
            }
            odds={data.odds}
            betAmounts={data.betAmounts}
            limits={data.limits}
            currency={data.currency}
            gameWallet={tickets.gameWallet}
            practice={modeOfWallet(data.gameCode) === "practice"}
            idempotencyKey={actionData?.idempotencyKey ?? data.idempotencyKey}
            lastResult={lastResult}
            round={
              market && live.next
                ? {
                    periodNo: live.next.periodNo,
                    cutoffAt: live.next.cutoffAt,
                    startsAt: live.next.startsAt,
                    serverTime: market.serverTime,
                    clock: live.clock,
                  }
                : null
            }
            moveFrom={data.moveFrom}
          />
        )}
        <div className="game-side">
          <Suspense fallback={null}>
            <GameTabs path={path} query={query} />
          </Suspense>
          <div className="card game-tab">
            <Suspense fallback={null}>
              {query.tab === "current" ? (
                <CurrentOrders
                  orders={tickets.orders}
                  currency={data.currency}
                  error={tickets.error}
                  pairNameOf={pairNameOf}
                  renderedAt={market?.serverTime ?? data.renderedAt}
                  clock={live.clock}
                />
              ) : null}
              {data.tab.tab === "history" ? (
                <OrderHistory
                  orders={data.tab.page.items}
                  currency={data.currency}
                  precisionOf={precisionOf}
                  pairNameOf={pairNameOf}
                  pages={{ path, query, total: data.tab.page.total }}
                />
              ) : null}
              {data.tab.tab === "quotes" ? (
                <QuotesTable
                  periods={data.tab.page.items}
                  precision={market?.pair.precision ?? 2}
                  pages={{ path, query, total: data.tab.page.total }}
                />
              ) : null}
              {data.tab.tab === "rules" ? <Rules items={data.tab.items} error={data.tab.error} /> : null}
              {query.tab === "chart" && market ? (
                <KlineChart pair={query.pair} precision={market.pair.precision} tick={live.tick} bets={bets} />
              ) : null}
            </Suspense>
            {data.tab.tab === "error" ? (
              <p role="alert" className="error-list">
                {t(data.tab.error)}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The sparkline's points: the server's recent ticks, then each tick of the market stream. */
function useSparkPoints(initial: SparkPoint[], tick: { price: number; at: number } | null): SparkPoint[] {
  const [points, setPoints] = useState(initial);
  useEffect(() => setPoints(initial), [initial]);
  useEffect(() => {
    if (!tick) return;
    const second = Math.floor(tick.at / 1000);
    setPoints((list) => {
      const last = list.at(-1);
      if (last && last[0] >= second) return list;
      // a few periods' worth at most: the chart shows the last SPARK_SECONDS and the current period
      return [...list.filter(([s]) => s > second - 600), [second, tick.price]];
    });
  }, [tick]);
  return points;
}

/**
 * The form's last answer while the round it bet on is Next: a refusal ("betting is closed",
 * "cannot be bet together") is about one round and clears when a new one opens for bets.
 */
function useAnswerOfThisPeriod<T>(answer: T | undefined, periodNo: string | undefined): T | undefined {
  const seen = useRef<{ answer: T | undefined; periodNo: string | undefined }>({ answer, periodNo });
  if (seen.current.answer !== answer) seen.current = { answer, periodNo };
  return seen.current.periodNo === periodNo ? answer : undefined;
}
