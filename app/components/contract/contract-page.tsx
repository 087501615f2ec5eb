import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList } from "~/components/form-core";
import { Suspense, useEffect, useMemo, useState } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { useTranslation } from "~/utils/translator";
import { contractHref, CLOSED_PAGE_SIZE, CONTRACT_TABS, type ContractQuery, type Position } from "~/utils/contract";
import type { contractAction, contractLoader } from "~/utils/contract.server";
import { formatPrice, modeOfWallet } from "~/utils/game";
import type { ChartLine } from "../game/kline-chart";
import { GameModes } from "../game/game-modes";
import { useLiveMarket } from "../game/use-live-market";
import { Ticket } from "./ticket";
import { usePositions } from "./use-positions";

// the positions' lists and the chart are code of their own (the server renders the lists whole):
// the first screen's JavaScript (price, ticket, bar) stays within its budget
const OpenPositions = lazyPiece("app/components/contract/positions.tsx", () =>
  import("./positions").then((m) => ({ default: m.OpenPositions })),
);
const ClosedPositions = lazyPiece("app/components/contract/positions.tsx", () =>
  import("./positions").then((m) => ({ default: m.ClosedPositions })),
);
// a trigger's close, announced while the page is open: never on the first screen, so its code is a
// piece, loaded once the page runs (before any announcement can come)
const CloseAnnouncements = lazyPiece("app/components/contract/announcements.tsx", () =>
  import("./announcements").then((m) => ({ default: m.CloseAnnouncements })),
);
const KlineChart = lazyPiece("app/components/game/kline-chart.tsx", () => import("../game/kline-chart"));
// shown only during a time-out or self-exclusion, so no page carries it in its first JavaScript
const BreakPanel = lazyPiece("app/components/protection/break-panel.tsx", () =>
  import("~/components/protection/break-panel").then((m) => ({ default: m.BreakPanel })),
);

/**
 * /game/contract (app/README.md, "Contract trading"). Phone: the pair, the price, the ticket with
 * its bar pinned to the bottom, then the positions and the chart. From 1026 px: the chart left,
 * the ticket right, the positions under the chart (DTrader's and Binance futures' desktop pages).
 */
export function ContractPage() {
  const data = useLoaderData<typeof contractLoader>();
  const actionData = useActionData<typeof contractAction>();
  const { t, i18n } = useTranslation("contract");
  const { query, market, precision } = data;
  const live = useLiveMarket(market);
  const positions = usePositions(data.open, data.gameWallet, data.gameCode);
  const precisionOf = (pair: string) => data.pairs.find((p) => p.symbol === pair)?.precision ?? 2;
  const pairName = data.pairs.find((p) => p.symbol === query.pair)?.name ?? query.pair;
  const marks = useMemo(() => ({ ...data.marks, [query.pair]: live.price }), [data.marks, query.pair, live.price]);
  // the chosen position's lines on the chart: the one in the address, else the newest on this pair
  const selected =
    positions.open.find((p) => p.id === query.selected && p.pair === query.pair) ??
    positions.open.find((p) => p.pair === query.pair) ??
    null;
  const lines = useChartLines(selected, t);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    CloseAnnouncements.preload().catch(() => undefined);
  }, []);
  const openResult = actionData && "result" in actionData ? actionData : null;
  // a close or TP/SL refusal is shown on its position's card; one for a position no longer listed here
  const strayError =
    actionData && "positionId" in actionData && !positions.open.some((p) => p.id === actionData.positionId)
      ? actionData.error
      : null;
  return (
    <div className="game-page contract-page">
      {/* the polite status region is always in the page, so what enters it is read */}
      <div className="game-results" role="status" data-testid="close-announcements">
        {positions.announced.length > 0 ? (
          <Suspense fallback={null}>
            <CloseAnnouncements
              positions={positions.announced}
              precisionOf={precisionOf}
              currency={data.currency}
              onDismiss={positions.dismiss}
            />
          </Suspense>
        ) : null}
      </div>
      <div className="game-top">
        <h1>{t("title")}</h1>
        <GameModes pair={query.pair} current="contracts" />
        <nav aria-label={t("pairs_label")} className="game-pairs">
          {data.pairs.map((p) => (
            <Link
              key={p.symbol}
              to={contractHref({ pair: p.symbol, tab: query.tab })}
              aria-current={p.symbol === query.pair ? "page" : undefined}
              preventScrollReset
            >
              {p.name}
              {p.source === "synthetic" ? <span className="pair-mark">{t("game:synthetic_mark")}</span> : null}
            </Link>
          ))}
        </nav>
      </div>
      {data.marketError ? (
        <p role="alert" className="error-list">
          {t(data.marketError)}
        </p>
      ) : null}
      <div className="game-layout contract-layout">
        <section className="card game-market contract-market" aria-labelledby="contract-market-title">
          <div className="game-market-head">
            <h2 id="contract-market-title">
              {pairName} · {t("mark_price")}
            </h2>
            <span className={`live-dot${live.connected ? " live-dot-on" : ""}`}>
              {live.connected ? t("game:market.live") : t("live_off")}
            </span>
          </div>
          {live.refused && !live.connected ? <p className="error-list">{t("messages:too_many_streams")}</p> : null}
          <div className="game-quote">
            <p className="game-price" data-testid="contract-price">
              {formatPrice(live.price, precision, i18n.language)}
            </p>
          </div>
        </section>
        <section className="card game-chart contract-chart" aria-labelledby="contract-chart-title">
          <h2 id="contract-chart-title" className="visually-hidden">
            {t("chart.title")}
          </h2>
          {hydrated && market ? (
            <Suspense fallback={null}>
              <KlineChart
                pair={query.pair}
                precision={precision}
                tick={live.tick}
                bets={NO_BETS}
                embedded
                lines={lines}
              />
            </Suspense>
          ) : (
            <p className="muted">{t("game:chart.needs_js")}</p>
          )}
        </section>
        {data.onBreak ? (
          // an open from a page rendered before the break: the platform's refusal above the panel
          <Suspense fallback={null}>
            <BreakPanel {...data.onBreak}>
              <ErrorList errors={openResult?.result.error?.[""]} alert />
            </BreakPanel>
          </Suspense>
        ) : (
          <Ticket
            key={openResult?.idempotencyKey ?? data.idempotencyKey}
            query={query}
            pairName={pairName}
            precision={precision}
            price={live.price}
            settings={data.settings}
            chips={data.chips}
            currency={data.currency}
            digits={data.digits}
            gameWallet={positions.wallet}
            practice={modeOfWallet(data.gameCode) === "practice"}
            serverPreview={data.preview}
            idempotencyKey={openResult?.idempotencyKey ?? data.idempotencyKey}
            lastResult={openResult?.result}
          />
        )}
        <div className="game-side contract-lists">
          <ListTabs query={query} openCount={positions.open.length} />
          <div className="game-tab contract-list">
            {data.openError && query.tab === "open" ? (
              <p role="alert" className="error-list">
                {t(data.openError)}
              </p>
            ) : null}
            {strayError ? (
              <p role="alert" className="error-list">
                {t(strayError as never)}
              </p>
            ) : null}
            {data.closedError ? (
              <p role="alert" className="error-list">
                {t(data.closedError)}
              </p>
            ) : null}
            <Suspense fallback={null}>
              {query.tab === "open" ? (
                <OpenPositions
                  positions={positions.open}
                  marks={marks}
                  pairs={data.pairs}
                  currency={data.currency}
                  query={query}
                  selectedId={selected?.id ?? null}
                  closeKeys={data.closeKeys}
                />
              ) : null}
              {query.tab === "closed" && data.closed ? (
                <ClosedPositions positions={data.closed.items} pairs={data.pairs} currency={data.currency} />
              ) : null}
            </Suspense>
            {query.tab === "closed" && data.closed ? <Pages query={query} total={data.closed.total} /> : null}
            <p className="contract-links">
              <Link to="/user/record">{t("positions.records_link")}</Link> ·{" "}
              <Link to={`/game?pair=${query.pair}&tab=history`}>{t("positions.rounds_history")}</Link>
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

const NO_BETS: never[] = [];

function useChartLines(
  selected: Position | null,
  t: (key: "chart.entry" | "chart.tp" | "chart.sl" | "chart.liquidation") => string,
): ChartLine[] {
  const id = selected?.id;
  const tp = selected?.takeProfit;
  const sl = selected?.stopLoss;
  return useMemo(() => {
    if (!selected) return [];
    const lines: ChartLine[] = [
      { price: selected.entryPrice, title: t("chart.entry"), tone: "entry" },
      { price: selected.liquidationPrice, title: t("chart.liquidation"), tone: "danger" },
    ];
    if (selected.takeProfit !== null) lines.push({ price: selected.takeProfit, title: t("chart.tp"), tone: "up" });
    if (selected.stopLoss !== null) lines.push({ price: selected.stopLoss, title: t("chart.sl"), tone: "down" });
    return lines;
    // the lines change with the position's id and triggers only, not with each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, tp, sl, t]);
}

function ListTabs({ query, openCount }: { query: ContractQuery; openCount: number }) {
  const { t } = useTranslation("contract");
  return (
    <nav aria-label={t("positions.tabs_label")} className="support-tabs game-tabs">
      {CONTRACT_TABS.map((tab) => (
        <Link
          key={tab}
          to={contractHref({ ...query, tab, page: 1 })}
          aria-current={tab === query.tab ? "page" : undefined}
          preventScrollReset
        >
          {tab === "open" && openCount > 0 ? t("positions.open_count", { n: openCount }) : t(`positions.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

function Pages({ query, total }: { query: ContractQuery; total: number }) {
  const { t } = useTranslation("game");
  const pages = Math.max(1, Math.ceil(total / CLOSED_PAGE_SIZE));
  if (pages === 1 && query.page === 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      {query.page > 1 ? (
        <Link to={contractHref({ ...query, page: Math.min(query.page - 1, pages) })} rel="prev" preventScrollReset>
          {t("pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pagination.status", { page: query.page, pages })}</span>
      {query.page < pages ? (
        <Link to={contractHref({ ...query, page: query.page + 1 })} rel="next" preventScrollReset>
          {t("pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
