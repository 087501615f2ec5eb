import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { gameHref, GAME_TABS, HISTORY_PAGE_SIZE, type GameQuery } from "~/utils/game";
import type { gameAction, gameLoader } from "~/utils/game.server";
import { BetForm } from "./bet-form";
import { KlineChart } from "./kline-chart";
import { MarketPanel } from "./market-panel";
import { CurrentOrders, OrderHistory } from "./orders";
import { QuotesTable } from "./quotes";
import { Rules } from "./rules";
import { useLiveMarket } from "./use-live-market";
import { useTickets } from "./use-tickets";

/** The game page, shared by /game (default layout) and /user/gamePage (inside the member center). */
export function GamePage({ path }: { path: string }) {
  const data = useLoaderData<typeof gameLoader>();
  const actionData = useActionData<typeof gameAction>();
  const { t } = useTranslation("game");
  const { query, market } = data;
  const live = useLiveMarket(market);
  const tickets = useTickets(data.tickets, data.gameCode);
  const precisionOf = (pair: string) => data.pairs.find((p) => p.symbol === pair)?.precision ?? market?.pair.precision ?? 2;
  return (
    <div className="game-page">
      <h1>{t("title")}</h1>
      <nav aria-label={t("pairs_label")} className="support-tabs game-pairs">
        {data.pairs.map((p) => (
          <Link key={p.symbol} to={gameHref(path, { ...query, pair: p.symbol, page: 1 })} aria-current={p.symbol === query.pair ? "page" : undefined}>
            {p.name}
          </Link>
        ))}
      </nav>
      {data.marketError ? (
        <p role="alert" className="error-list">
          {t(data.marketError)}
        </p>
      ) : null}
      <div className="game-layout">
        <div className="game-main">
          {market && live.current ? (
            <MarketPanel
              pairName={market.pair.name}
              precision={market.pair.precision}
              price={live.price}
              current={live.current}
              ended={live.ended}
              serverTime={market.serverTime}
              connected={live.connected}
              clock={live.clock}
            />
          ) : null}
          <BetForm
            pair={query.pair}
            periodNo={live.current?.periodNo ?? ""}
            odds={data.odds}
            betAmounts={data.betAmounts}
            limits={data.limits}
            currency={data.currency}
            gameWallet={tickets.gameWallet}
            idempotencyKey={actionData?.idempotencyKey ?? data.idempotencyKey}
            lastResult={actionData?.result}
          />
        </div>
        <div className="game-side">
          <GameTabs path={path} query={query} />
          <div className="card game-tab">
            {query.tab === "current" ? <CurrentOrders orders={tickets.orders} currency={data.currency} error={tickets.error} /> : null}
            {data.tab.tab === "history" ? (
              <>
                <OrderHistory orders={data.tab.page.items} currency={data.currency} precisionOf={precisionOf} />
                <GamePagination path={path} query={query} total={data.tab.page.total} />
              </>
            ) : null}
            {data.tab.tab === "quotes" ? (
              <>
                <QuotesTable periods={data.tab.page.items} precision={market?.pair.precision ?? 2} />
                <GamePagination path={path} query={query} total={data.tab.page.total} />
              </>
            ) : null}
            {data.tab.tab === "rules" ? <Rules items={data.tab.items} error={data.tab.error} /> : null}
            {query.tab === "chart" && market ? <KlineChart pair={query.pair} precision={market.pair.precision} tick={live.tick} /> : null}
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

function GameTabs({ path, query }: { path: string; query: GameQuery }) {
  const { t } = useTranslation("game");
  return (
    <nav aria-label={t("tabs.label")} className="support-tabs game-tabs">
      {GAME_TABS.map((tab) => (
        <Link key={tab} to={gameHref(path, { pair: query.pair, tab })} aria-current={tab === query.tab ? "page" : undefined} preventScrollReset>
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

function GamePagination({ path, query, total }: { path: string; query: GameQuery; total: number }) {
  const { t } = useTranslation("game");
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (pages === 1 && query.page === 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="pagination">
      {query.page > 1 ? (
        <Link to={gameHref(path, { ...query, page: Math.min(query.page - 1, pages) })} rel="prev" preventScrollReset>
          {t("pagination.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{t("pagination.status", { page: query.page, pages })}</span>
      {query.page < pages ? (
        <Link to={gameHref(path, { ...query, page: query.page + 1 })} rel="next" preventScrollReset>
          {t("pagination.next")}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
