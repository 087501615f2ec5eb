import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { z } from "zod";
import { toLocaleId } from "~/i18n";
import { postedMode } from "./account-mode.server";
import { requireMember } from "./auth.server";
import { HISTORY_PAGE_SIZE, PRACTICE_WALLET, pairName, parseGameQuery, type GameQuery } from "./game";
import { BET_OPTIONS } from "#rules/bet-options";
import { idempotencyKeyField, intentKey, newIdempotencyKey, submittedIdempotencyKey } from "./idempotency.server";
import { messageKey } from "./messages";
import { limitsFor, moneyFailure, withGameNames } from "./money.server";
import { formatMoney } from "./money";
import { minorDigits, parseAmount } from "#rules/units";
import { amountField } from "./money-schemas.server";
import { localRedirectTarget } from "./redirect-target";
import { breakInForce } from "./protection.server";
import type { KeyOf } from "./translation-keys";

/**
 * Settled orders this recent travel with the ticket poll, only so the page can show a result it
 * missed on the member stream (a dropped socket); current orders list open ones only: a settled
 * bet is in the history at once.
 */
const RESULT_WINDOW_MS = 30_000;

/** Seconds of ticks the sparkline draws before now (its right end is the period's end). */
export const SPARK_SECONDS = 90;

export function betLimits(context: AppLoadContext) {
  const { site } = context;
  return { min: site.minBetAmount, max: site.maxBetAmount, digits: minorDigits(site.currency) };
}

/** Open orders (the ticket query), the results of the last seconds, and the game wallet (or the practice balance). */
export async function loadTickets(context: AppLoadContext) {
  const [open, recent, gameWallet] = await Promise.all([
    context.platform.call("ticketQuery"),
    context.platform.call("orders", { query: { page: 1, pageSize: 10, status: "settled" } }),
    loadPlayWallet(context),
  ]);
  const settled = recent.ok
    ? recent.data.items.filter((o) => o.settledAt && context.now - Date.parse(o.settledAt) < RESULT_WINDOW_MS)
    : [];
  return {
    orders: open.ok ? open.data : [],
    settled,
    gameWallet,
    error: !open.ok ? messageKey(open.code) : null,
  };
}

/** The site's first game wallet (bets and contract margins come from it), named in the member's language. */
export function gameWalletOf(
  context: AppLoadContext,
  wallets: { games: { code: string; name: string; balance: number }[] },
) {
  const code = context.site.games[0]?.code;
  const { games } = withGameNames(context, wallets);
  return games.find((g) => g.code === code) ?? games[0] ?? null;
}

/**
 * The money bets and margins come from, shown where the game and contract pages show the game
 * wallet: in practice mode the practice balance (the `practice` call; `wallets` always answers the
 * real balances), named PRACTICE_WALLET; otherwise the site's first game wallet. The session's
 * mode travels with every call anyway (server/site/platform-client.ts): this only picks which
 * balance to show.
 */
export async function loadPlayWallet(context: AppLoadContext) {
  if (context.session.mode === "practice") {
    const practice = await context.platform.call("practice");
    return practice.ok ? { code: PRACTICE_WALLET, name: PRACTICE_WALLET, balance: practice.data.balance } : null;
  }
  const wallets = await context.platform.call("wallets");
  return wallets.ok ? gameWalletOf(context, wallets.data) : null;
}

/** The wallet code the pages key their live updates on (app/utils/game.ts, modeOfWallet). */
export function playWalletCode(context: AppLoadContext): string | undefined {
  return context.session.mode === "practice" ? PRACTICE_WALLET : context.site.games[0]?.code;
}

/** Everything the game page shows for one pair and one tab, rendered on the server. */
export async function gameLoader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const { site } = context;
  const params = new URL(request.url).searchParams;
  // a pair the site does not offer (an old link, a typo, a pair announced elsewhere) is the 404
  // page, not silently another pair's market; no pair at all is the site's first
  if (params.get("pair") && !site.pairs.includes(params.get("pair")!))
    throw new Response("Page Not Found", { status: 404 });
  const query = parseGameQuery(params, site.pairs);
  const [market, pairs, tickets, tab, spark, onBreak, moveFrom] = await Promise.all([
    context.platform.call("market", { params: { pair: query.pair } }),
    context.platform.call("pairs"),
    loadTickets(context),
    loadTab(context, query),
    context.platform.call("candles", { params: { pair: query.pair }, query: { interval: "1s", limit: SPARK_SECONDS } }),
    breakInForce(context),
    loadMoveFrom(context),
  ]);
  const known = new Map(pairs.ok ? pairs.data.map((p) => [p.symbol, p]) : []);
  return json({
    query,
    pairs: site.pairs.map((symbol) => ({
      symbol,
      name: known.get(symbol)?.name ?? pairName(symbol),
      precision: known.get(symbol)?.precision ?? 2,
      // where its prices come from: a synthetic pair is marked so (docs/decisions/032); unknown: no mark
      source: known.get(symbol)?.source ?? null,
    })),
    market: market.ok ? market.data : null,
    marketError: market.ok ? null : messageKey(market.code),
    odds: site.odds,
    betAmounts: site.betAmounts,
    limits: betLimits(context),
    currency: site.currency,
    gameCode: playWalletCode(context),
    tickets,
    // the sparkline's ticks: [unix second, price]; none when the call failed (the chart says so)
    spark: spark.ok ? spark.data.map((c) => [Math.floor(Date.parse(c.time) / 1000), c.close] as [number, number]) : [],
    tab,
    // a time-out or self-exclusion in force: the bet form gives way to the break panel
    onBreak,
    idempotencyKey: newIdempotencyKey(),
    // what "Move US$20 and bet" may move (real money only; null in practice mode or when unread)
    moveFrom,
    // the countdowns' clock when the market could not be read (the market's own serverTime otherwise)
    renderedAt: new Date(context.now).toISOString(),
  });
}

/**
 * The main account's balance, the transfer limits and the step unit the bet bar needs to offer
 * "Move US$20 and bet" (utils/move-and-bet.ts); null in practice mode, where money never moves.
 */
async function loadMoveFrom(context: AppLoadContext) {
  if (context.session.mode === "practice") return null;
  const wallets = await context.platform.call("wallets");
  if (!wallets.ok) return null;
  const { min, max } = limitsFor(context, "Transfer");
  const { betAmounts, minBetAmount } = context.site;
  return {
    main: wallets.data.main.balance,
    transfer: { min, max },
    unit: betAmounts.length > 0 ? Math.min(...betAmounts) : minBetAmount,
  };
}

async function loadTab(context: AppLoadContext, query: GameQuery) {
  const { platform } = context;
  switch (query.tab) {
    case "history": {
      const r = await platform.call("orders", {
        query: { page: query.page, pageSize: HISTORY_PAGE_SIZE, status: "all" },
      });
      return r.ok ? { tab: "history" as const, page: r.data } : { tab: "error" as const, error: messageKey(r.code) };
    }
    case "quotes": {
      const r = await platform.call("quotes", {
        params: { pair: query.pair },
        query: { page: query.page, pageSize: HISTORY_PAGE_SIZE },
      });
      return r.ok ? { tab: "quotes" as const, page: r.data } : { tab: "error" as const, error: messageKey(r.code) };
    }
    case "rules": {
      const r = await platform.call("instruction", {
        params: { siteId: context.siteId },
        query: { lang: toLocaleId(context.locale), type: "rules" },
      });
      return { tab: "rules" as const, items: r.ok ? r.data : [], error: r.ok ? null : messageKey(r.code) };
    }
    default:
      return { tab: query.tab };
  }
}

/**
 * The bet form. A chip is a radio (`chip`) and the typed amount wins over it, so both work
 * without JavaScript; with it, a chip also fills the amount box.
 */
export function betSchema(limits: { min: number; max: number; digits: number }, pairs: readonly string[]) {
  const required = "game:validation.amount_required";
  const fields = z.object({
    idempotencyKey: idempotencyKeyField,
    pair: z
      .string({ required_error: "messages:invalid_trading_pair" })
      .refine((p) => pairs.includes(p), "messages:invalid_trading_pair"),
    periodNo: z.string({ required_error: "messages:invalid_period" }).regex(/^\d{12,13}$/, "messages:invalid_period"),
    option: z.enum(BET_OPTIONS, { errorMap: () => ({ message: "game:validation.option_required" }) }),
    chip: z.string().optional(),
    amount: z.string({ required_error: required }).trim().min(1, required).pipe(amountField(limits)),
  });
  // the preprocess step hides the fields' input type from conform; it is the fields' own
  return z.preprocess(chipAsAmount, fields) as unknown as z.ZodType<
    z.output<typeof fields>,
    z.ZodTypeDef,
    z.input<typeof fields>
  >;
}

/** An empty amount box takes the chosen chip's value. */
function chipAsAmount(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const form = raw as Record<string, unknown>;
  const typed = typeof form.amount === "string" ? form.amount.trim() : "";
  return typed || typeof form.chip !== "string" ? form : { ...form, amount: form.chip };
}

/**
 * A bet: validated with the bet schema, placed once per intent, then post/redirect/get with a
 * toast. Each bet's idempotency key is derived from the form's key and the bet (`intentKey`), so
 * different bets tapped on one page are each placed and the same bet sent twice is placed once.
 * `intent=move-and-bet` first moves the posted `move` amount from the main account into the game
 * wallet (a transfer with its own derived key), then bets; in practice mode nothing moves.
 * `reply=json` (the bet bar's queue, with JavaScript) answers the outcome as data instead of the
 * redirect; the toast is flashed either way.
 */
export async function gameAction({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  // a bet from a page of the other mode bets nothing: back to the page, now in the mode in force
  const played = postedMode(formData, context, backToGame(request));
  if (!played.ok) return played.response;
  const submission = parseWithZod(formData, { schema: betSchema(betLimits(context), context.site.pairs) });
  const key = submittedIdempotencyKey(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), idempotencyKey: key }, { status: 400 });
  }
  const { pair, periodNo, option, amount, idempotencyKey } = submission.value;
  const details = { pair, periodNo, option, amount, mode: played.mode };
  const asData = formData.get("reply") === "json";
  const moving = formData.get("intent") === "move-and-bet" && played.mode === "real";
  let moved: number | null = null;
  if (moving) {
    const move = parseMove(formData.get("move"), context);
    if (move === null)
      return json(
        { result: submission.reply({ formErrors: ["money:validation.amount_invalid"] }), idempotencyKey },
        { status: 400 },
      );
    const gameCode = context.site.games[0]?.code ?? "";
    const transfer = await context.platform.call("transfer", {
      body: { direction: "in", gameCode, amount: move },
      idempotencyKey: await intentKey(idempotencyKey, "move", { ...details, move }),
    });
    // refused (a short main account, a locked bonus, a break): nothing moved and nothing bet
    if (!transfer.ok) return moneyFailure(context, submission, transfer, idempotencyKey);
    moved = move;
  }
  const result = await context.platform.call("placeOrder", {
    body: { pair, periodNo, option, amount, mode: played.mode },
    // the bet of a move-and-bet is an intent of its own: a plain tap of the same bet refused for
    // the short wallet keeps that refusal as its key's answer
    idempotencyKey: await intentKey(idempotencyKey, moving ? "move-bet" : "bet", details),
  });
  const money = (minor: number) => formatMoney(minor, context.site.currency, context.locale);
  if (!result.ok) {
    // the money moved stays in the game wallet: the toast says so beside the bet's refusal
    if (moved !== null)
      context.session.flashToast({
        kind: "success",
        key: `moved_to_game?${new URLSearchParams({ amount: money(moved) })}` as KeyOf<"messages">,
      });
    return moneyFailure(context, submission, result, idempotencyKey);
  }
  // the toast names the round the bet is on: the Next one, not the Live one the page also shows
  const round = { periodNo: result.data.periodNo };
  context.session.flashToast({
    kind: "success",
    key: (moved === null
      ? `bet_placed_round?${new URLSearchParams(round)}`
      : `moved_and_bet_placed_round?${new URLSearchParams({ ...round, amount: money(moved) })}`) as KeyOf<"messages">,
  });
  if (asData)
    return json({
      result: null,
      placed: { periodNo: result.data.periodNo, option, amount, moved },
      // the next intent on this page: a tap after this answer is a new bet, not this one again
      idempotencyKey: newIdempotencyKey(),
    });
  const url = new URL(request.url);
  url.searchParams.set("pair", pair);
  url.searchParams.delete("page");
  return redirect(localRedirectTarget(url.pathname + url.search) ?? "/game");
}

/** The posted amount to move, in minor units, when it is one the site lets a transfer move. */
function parseMove(raw: FormDataEntryValue | null, context: AppLoadContext): number | null {
  const limits = limitsFor(context, "Transfer");
  const minor = typeof raw === "string" ? parseAmount(raw, limits.digits) : null;
  return minor !== null && minor > 0 && minor >= limits.min && minor <= limits.max ? minor : null;
}

function backToGame(request: Request): string {
  const url = new URL(request.url);
  return localRedirectTarget(url.pathname + url.search) ?? "/game";
}
