import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { postedMode } from "./account-mode.server";
import { requireMember } from "./auth.server";
import {
  CLOSED_PAGE_SIZE,
  contractHref,
  OPEN_PAGE_SIZE,
  parseContractQuery,
  parsePrice,
  previewOf,
  ticketOf,
  type ContractSettings,
} from "./contract";
import { failureMessage, messageKey } from "./messages";
import { breakInForce } from "./protection.server";
import { loadPlayWallet, playWalletCode } from "./game.server";
import { pairName } from "./game";
import { idempotencyKeyField, keyAfterRefusal, newIdempotencyKey, submittedIdempotencyKey } from "./idempotency.server";
import { POSITION_SIDES } from "#rules/position-math";
import { minorDigits, parseAmount } from "#rules/units";
import { failureStatus } from "./failure-status";
import { localRedirectTarget } from "./redirect-target";

/**
 * The contract page's loader and action (app/README.md, "Contract trading"). Thin as every route:
 * the site checks what it can say early (margin range, leverage offered, close-only pair, TP/SL
 * side at the price the member saw) with the platform's own codes and texts, and the platform
 * checks everything again at its own price.
 */

function settingsOf(context: AppLoadContext): ContractSettings {
  return context.site.contractSettings;
}

async function pairList(context: AppLoadContext) {
  const pairs = await context.platform.call("pairs");
  const known = new Map(pairs.ok ? pairs.data.map((p) => [p.symbol, p]) : []);
  return context.site.pairs.map((symbol) => ({
    symbol,
    name: known.get(symbol)?.name ?? pairName(symbol),
    precision: known.get(symbol)?.precision ?? 2,
    // a synthetic pair is marked so (docs/decisions/032); unknown: no mark
    source: known.get(symbol)?.source ?? null,
  }));
}

export async function contractLoader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const { site } = context;
  const params = new URL(request.url).searchParams;
  // as the game: a pair the site does not offer is the 404 page, never another pair's market
  if (params.get("pair") && !site.pairs.includes(params.get("pair")!))
    throw new Response("Page Not Found", { status: 404 });
  const settings = settingsOf(context);
  const query = parseContractQuery(params, site.pairs, settings);
  const digits = minorDigits(site.currency);
  const [market, pairs, open, closed, wallets, onBreak] = await Promise.all([
    context.platform.call("market", { params: { pair: query.pair } }),
    pairList(context),
    context.platform.call("positions", { query: { status: "open", page: 1, pageSize: OPEN_PAGE_SIZE } }),
    query.tab === "closed"
      ? context.platform.call("positions", {
          query: { status: "closed", page: query.page, pageSize: CLOSED_PAGE_SIZE },
        })
      : Promise.resolve(null),
    loadPlayWallet(context),
    breakInForce(context),
  ]);
  const openPositions = open.ok ? open.data.items : [];
  // the mark of every pair the member holds: the page's pair is live, the others as of this render
  const otherPairs = [...new Set(openPositions.map((p) => p.pair))].filter((p) => p !== query.pair);
  const otherMarkets = await Promise.all(
    otherPairs.map((pair) => context.platform.call("market", { params: { pair } })),
  );
  const marks: Record<string, number | null> = { [query.pair]: market.ok ? market.data.price : null };
  otherPairs.forEach((pair, i) => {
    const m = otherMarkets[i]!;
    marks[pair] = m.ok ? m.data.price : null;
  });
  const precision = market.ok
    ? market.data.pair.precision
    : (pairs.find((p) => p.symbol === query.pair)?.precision ?? 2);
  const price = market.ok ? market.data.price : null;
  return json({
    // a time-out or self-exclusion in force: the ticket gives way to the break panel (closing and
    // TP/SL on open positions still work)
    onBreak,
    query,
    pairs,
    market: market.ok ? market.data : null,
    marketError: market.ok ? null : messageKey(market.code),
    precision,
    settings,
    currency: site.currency,
    digits,
    // the margin chips: the site's bet chips that the margin limits allow
    chips: site.betAmounts.filter((a) => a >= settings.minMargin && a <= settings.maxMargin),
    gameCode: playWalletCode(context),
    gameWallet: wallets,
    // the preview of the ticket in the address (or the one a refused post came back with), so a
    // page without JavaScript shows the same figures the browser computes while typing
    preview: previewOf(settings, ticketOf(query, price, digits, precision)),
    open: openPositions,
    openError: open.ok ? null : messageKey(open.code),
    closed: closed === null ? null : closed.ok ? closed.data : null,
    closedError: closed && !closed.ok ? messageKey(closed.code) : null,
    marks,
    idempotencyKey: newIdempotencyKey(),
    // one key per close form: a double tap or a resubmit closes once (the platform also closes once)
    closeKeys: Object.fromEntries(openPositions.map((p) => [p.id, newIdempotencyKey()])),
  });
}

// the forms ----------------------------------------------------------------------------------------

const PRICE_INVALID = "contract:validation.price_invalid";

/** An optional trigger price typed in the pair's precision: "" = not set, else integer price steps. */
const triggerField = (precision: number) =>
  z
    .string()
    .trim()
    .max(32, PRICE_INVALID)
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const steps = parsePrice(text, precision);
      if (steps === null) {
        ctx.addIssue({ code: "custom", message: PRICE_INVALID });
        return z.NEVER;
      }
      return steps;
    });

/**
 * The ticket. The margin is a decimal in the site's money (chips fill it) and must be within the
 * site's contract limits (margin_out_of_range, the platform's code); the leverage one the site
 * offers; `seenPrice` is the price the page showed, which the platform compares with its own
 * (price_moved beyond the slippage tolerance) and against which TP and SL must be on the right side.
 */
export function openSchema(settings: ContractSettings, pairs: readonly string[], digits: number, precision: number) {
  return z
    .object({
      idempotencyKey: idempotencyKeyField,
      intent: z.literal("open"),
      pair: z
        .string({ required_error: "messages:invalid_trading_pair" })
        .refine((p) => pairs.includes(p), "messages:invalid_trading_pair"),
      side: z.enum(POSITION_SIDES, { errorMap: () => ({ message: "contract:validation.side_required" }) }),
      margin: z
        .string({ required_error: "money:validation.amount_required" })
        .trim()
        .min(1, "money:validation.amount_required")
        .transform((text, ctx) => {
          const minor = parseAmount(text, digits);
          if (minor === null || minor === 0) {
            ctx.addIssue({ code: "custom", message: "money:validation.amount_invalid" });
            return z.NEVER;
          }
          if (minor < settings.minMargin || minor > settings.maxMargin)
            ctx.addIssue({ code: "custom", message: "messages:margin_out_of_range" });
          return minor;
        }),
      leverage: z.coerce
        .number({ invalid_type_error: "messages:leverage_not_offered" })
        .refine((l) => settings.leverageOptions.includes(l), "messages:leverage_not_offered"),
      seenPrice: z.coerce
        .number({ invalid_type_error: "messages:price_unavailable" })
        .int("messages:price_unavailable")
        .positive("messages:price_unavailable"),
      takeProfit: triggerField(precision),
      stopLoss: triggerField(precision),
    })
    .superRefine((v, ctx) => {
      if (settings.closeOnlyPairs.includes(v.pair))
        ctx.addIssue({ code: "custom", message: "messages:pair_close_only", path: [] });
      // a field that failed its own check has no value to compare with
      const price = (x: unknown) => (typeof x === "number" ? x : null);
      if (price(v.margin) === null || price(v.seenPrice) === null || !settings.leverageOptions.includes(v.leverage))
        return;
      if (v.takeProfit !== null && price(v.takeProfit) === null) return;
      if (v.stopLoss !== null && price(v.stopLoss) === null) return;
      const preview = previewOf(settings, {
        side: v.side,
        margin: v.margin,
        leverage: v.leverage,
        price: v.seenPrice,
        takeProfit: v.takeProfit,
        stopLoss: v.stopLoss,
      });
      if (preview?.wrongSide.takeProfit)
        ctx.addIssue({ code: "custom", message: "messages:take_profit_wrong_side", path: ["takeProfit"] });
      if (preview?.wrongSide.stopLoss)
        ctx.addIssue({ code: "custom", message: "messages:stop_loss_wrong_side", path: ["stopLoss"] });
    });
}

function backTo(request: Request, fallback: string) {
  const url = new URL(request.url);
  return localRedirectTarget(url.pathname + url.search) ?? fallback;
}

/**
 * Four posts, told apart by `intent`: `preview` (the ticket's "Update preview" button without
 * JavaScript: back to the page with the ticket in the address), `open`, `triggers` (set or clear
 * a position's TP/SL) and `close` (at market). Each success redirects with a toast.
 */
export async function contractAction({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const settings = settingsOf(context);
  const pairs = await pairList(context);
  const pairOf = (symbol: string) => pairs.find((p) => p.symbol === symbol);
  const digits = minorDigits(context.site.currency);

  if (intent === "preview") {
    const text = (name: string) =>
      String(form.get(name) ?? "")
        .trim()
        .slice(0, 32);
    if (!text("margin") && text("chip")) form.set("margin", text("chip"));
    const pair = text("pair");
    const query = parseContractQuery(
      new URLSearchParams({ pair, side: text("side"), leverage: text("leverage") }),
      context.site.pairs,
      settings,
    );
    return redirect(
      contractHref({ ...query, margin: text("margin"), takeProfit: text("takeProfit"), stopLoss: text("stopLoss") }),
    );
  }

  // every post that plays (an open, a close, a TP/SL change) acts in the mode its page was
  // rendered in or not at all: back to the page, now in the mode in force (account-mode.server.ts)
  const played = postedMode(form, context, backTo(request, "/game/contract"));
  if (!played.ok) return played.response;

  if (intent === "open" || intent === "") {
    // a chip counts when the box is empty (the bet form's rule; with JavaScript a chip fills the box)
    if (!String(form.get("margin") ?? "").trim() && typeof form.get("chip") === "string")
      form.set("margin", String(form.get("chip")));
    const precision = pairOf(String(form.get("pair")))?.precision ?? 2;
    const submission = parseWithZod(form, { schema: openSchema(settings, context.site.pairs, digits, precision) });
    const key = submittedIdempotencyKey(form);
    if (submission.status !== "success") {
      return json({ intent: "open" as const, result: submission.reply(), idempotencyKey: key }, { status: 400 });
    }
    const { idempotencyKey, pair, side, margin, leverage, seenPrice, takeProfit, stopLoss } = submission.value;
    const result = await context.platform.call("openPosition", {
      body: { pair, side, margin, leverage, seenPrice, takeProfit, stopLoss, mode: played.mode },
      idempotencyKey,
    });
    if (!result.ok) {
      const message = failureMessage(result, { currency: context.site.currency, locale: context.locale });
      // the same key back: the outcome of a failed request may be unknown (app/README.md, "Money forms and idempotency keys")
      return json(
        {
          intent: "open" as const,
          result: submission.reply({ formErrors: [message] }),
          idempotencyKey: keyAfterRefusal(result, idempotencyKey),
        },
        { status: failureStatus(result.status) },
      );
    }
    context.session.flashToast({ kind: "success", key: "position_opened" });
    // a fresh, empty ticket (a new key with an empty margin: a second tap opens nothing), the side
    // and leverage kept, the new position selected so the chart draws its lines
    return redirect(contractHref({ pair, side, leverage, selected: result.data.id }));
  }

  if (intent === "triggers" || intent === "close") {
    const positionId = String(form.get("positionId") ?? "");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(positionId)) {
      return json({ intent, positionId: "", error: messageKey("position_not_found") }, { status: 400 });
    }
    if (intent === "triggers") {
      const precision = pairOf(String(form.get("pair")))?.precision ?? 2;
      const parsed = z.object({ takeProfit: triggerField(precision), stopLoss: triggerField(precision) }).safeParse({
        takeProfit: form.get("takeProfit") ?? undefined,
        stopLoss: form.get("stopLoss") ?? undefined,
      });
      if (!parsed.success) return json({ intent, positionId, error: parsed.error.issues[0]!.message }, { status: 400 });
      const result = await context.platform.call("setPositionTriggers", {
        params: { id: positionId },
        body: { ...parsed.data, mode: played.mode },
      });
      if (!result.ok) {
        return json(
          {
            intent,
            positionId,
            error: failureMessage(result, { currency: context.site.currency, locale: context.locale }),
          },
          { status: failureStatus(result.status) },
        );
      }
      // a trigger closed it first: the answer is that close, and the toast says the position is closed
      context.session.flashToast({
        kind: "success",
        key: result.data.status === "closed" ? "position_closed" : "position_triggers_saved",
      });
      return redirect(backTo(request, contractHref({ pair: result.data.pair })));
    }
    const key = submittedIdempotencyKey(form);
    const result = await context.platform.call("closePosition", {
      params: { id: positionId },
      body: { mode: played.mode },
      idempotencyKey: key,
    });
    if (!result.ok) {
      return json(
        {
          intent,
          positionId,
          error: failureMessage(result, { currency: context.site.currency, locale: context.locale }),
          idempotencyKey: keyAfterRefusal(result, key),
        },
        { status: failureStatus(result.status) },
      );
    }
    context.session.flashToast({ kind: "success", key: "position_closed" });
    return redirect(backTo(request, contractHref({ pair: result.data.pair })));
  }
  return json({ intent: "close" as const, positionId: "", error: "common:forms.form_expired" }, { status: 400 });
}
