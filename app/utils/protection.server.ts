import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { BREAK_DURATIONS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES } from "#rules/protection-terms";
import type { BreakKind, ProtectionState } from "../../server/contract/protection";
import { idempotencyKeyField } from "./idempotency.server";
import { amountField } from "./money-schemas.server";
import { minorDigits } from "#rules/units";

/**
 * Player protection on the site (app/README.md, "Player protection"): the break in force for the
 * pages that lead to money, the reality check's due time cached in the cookie session, and the
 * limits page's forms. The platform enforces every rule; the site shows them early and calmly.
 */

/**
 * The break the member is on, for a page that would lead to money: null when none (or unknown).
 * `returnAt`: a self-exclusion's return the member asked for; `open`: a self-exclusion past its
 * minimum, in force until the member asks to return (decision 033).
 */
export async function breakInForce(
  context: AppLoadContext,
): Promise<{ kind: BreakKind; until: string; returnAt: string | null; open: boolean } | null> {
  const result = await context.platform.call("protection");
  // a failed read shows the forms: the platform refuses a bet or deposit during a break anyway
  if (!result.ok || !result.data.activeBreak) return null;
  const { kind, until, returnAt, mayReturn } = result.data.activeBreak;
  // a time-out ends on its date; a self-exclusion past its minimum only by a return (the
  // platform's word, on the platform's clock)
  if (kind === "timeout" && Date.parse(until) <= context.now) return null;
  return { kind, until, returnAt, open: mayReturn || returnAt !== null };
}

/**
 * Whether to offer deposit limits before the first deposit: none set yet and no deposit asked for
 * (decision 033). A failed read offers nothing.
 */
export async function offerDepositLimits(context: AppLoadContext, depositsSoFar: number | null): Promise<boolean> {
  if (depositsSoFar !== 0) return false;
  const result = await context.platform.call("protection");
  return result.ok && result.data.limits.every((l) => l.kind !== "deposit" || (l.amount === null && !l.pending));
}

/**
 * The earliest moment a raised or removed limit waiting for the member becomes ready to confirm,
 * kept in the session so that any page can prompt once it has passed without asking the platform
 * (root loader): undefined when nothing waits. Set from every protection state the site reads.
 */
export function noteLimitReady(context: AppLoadContext, state: ProtectionState): void {
  const times = state.limits.flatMap((l) => (l.pending ? [Date.parse(l.pending.appliesAt)] : []));
  context.session.set("limitReadyAt", times.length === 0 ? undefined : Math.min(...times));
}

/** After a failed reality-check read, ask again this much later rather than on every page. */
const REALITY_RETRY_MS = 5 * 60_000;

/**
 * The reality check, read from the platform only when it may be due: the session caches its
 * dueAt, so a page load before that time makes no call (server/site/README.md, "Session").
 * Returns the due check to show, and the next due time (the game pages' timer raises the check
 * live when it passes).
 */
export async function realityCheckFor(context: AppLoadContext) {
  const { session, now, platform } = context;
  const cached = session.realityDueAt;
  if (cached !== undefined && now < cached) return { check: null, dueAt: cached };
  const result = await platform.call("realityCheck");
  if (!result.ok) {
    session.set("realityDueAt", now + REALITY_RETRY_MS);
    return { check: null, dueAt: null };
  }
  const dueAt = Date.parse(result.data.dueAt);
  session.set("realityDueAt", dueAt);
  return { check: result.data.due ? result.data : null, dueAt };
}

// the limits page's forms ------------------------------------------------------------------------

export const LIMITS_INTENTS = ["limit", "confirm", "reality", "break", "return"] as const;
export type LimitsIntent = (typeof LIMITS_INTENTS)[number];

/**
 * A limit's form: an amount to set (a decrease applies at once, an increase after 24 hours), or
 * the remove button (after 24 hours). Kind and period travel as hidden fields.
 */
export function limitSchema(currency: string) {
  return z
    .object({
      kind: z.enum(LIMIT_KINDS),
      period: z.enum(LIMIT_PERIODS),
      op: z.enum(["set", "remove"]).default("set"),
      amount: z.string().optional(),
    })
    .transform((value, ctx) => {
      if (value.op === "remove") return { kind: value.kind, period: value.period, amount: null };
      // any positive amount in the currency's minor digits; no upper bound but the contract's
      const parsed = amountField({ min: 1, max: Number.MAX_SAFE_INTEGER, digits: minorDigits(currency) }).safeParse(
        value.amount ?? "",
      );
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", message: issue.message, path: ["amount"] });
        return z.NEVER;
      }
      return { kind: value.kind, period: value.period, amount: parsed.data };
    });
}

export const realitySchema = z.object({
  minutes: z.coerce
    .number({
      invalid_type_error: "account:limits.reality_required",
      required_error: "account:limits.reality_required",
    })
    .refine(
      (m): m is (typeof REALITY_CHECK_MINUTES)[number] => (REALITY_CHECK_MINUTES as readonly number[]).includes(m),
      "account:limits.reality_required",
    ),
});

const DURATIONS = [...BREAK_DURATIONS.timeout, ...BREAK_DURATIONS.exclusion] as const;

/** A break: one duration (its kind follows from it), the confirmation, and an idempotency key. */
export const breakSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  duration: z.enum(DURATIONS, { errorMap: () => ({ message: "account:limits.break_duration_required" }) }),
  confirm: z.literal("on", { errorMap: () => ({ message: "account:limits.break_confirm_required" }) }),
});

/** A raised or removed limit's confirmation: which one (decision 033). */
export const confirmSchema = z.object({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS) });

export function breakKindOf(duration: (typeof DURATIONS)[number]): BreakKind {
  return (BREAK_DURATIONS.timeout as readonly string[]).includes(duration) ? "timeout" : "exclusion";
}

// the limits offer (routes/user.limits_.offer.tsx; decision 033) --------------------------------

/**
 * The offer after sign-up and before the first deposit: a deposit limit per period, each optional
 * (an empty box is no limit), at least one given; `next` is where the member goes on.
 */
export function offerSchema(currency: string) {
  // an empty box reaches here as undefined (the form parser drops empty strings)
  const box = z.string().optional();
  return z.object({ day: box, week: box, month: box, next: z.string().optional() }).transform((value, ctx) => {
    const limits = depositLimits(currency, value, ctx, { day: "day", week: "week", month: "month" });
    if (LIMIT_PERIODS.every((p) => value[p] === undefined))
      ctx.addIssue({ code: "custom", message: "account:limits_offer.none_given" });
    return { ...limits, next: value.next };
  });
}

/**
 * The deposit limits offered inside the sign-up form (decision 033: offered at sign-up on the same
 * screen, so the first bet is no tap further): all optional, each checked as the offer's boxes.
 */
export function signupLimitsSchema(currency: string) {
  const box = z.string().optional();
  return z
    .object({ limitDay: box, limitWeek: box, limitMonth: box })
    .transform((value, ctx) =>
      depositLimits(currency, value, ctx, { day: "limitDay", week: "limitWeek", month: "limitMonth" }),
    );
}

/** Each deposit limit a form gave (null: its box was empty), its box's problems reported at the box. */
function depositLimits<K extends string>(
  currency: string,
  value: Partial<Record<K, string>>,
  ctx: z.RefinementCtx,
  boxes: Record<(typeof LIMIT_PERIODS)[number], K>,
): Record<(typeof LIMIT_PERIODS)[number], number | null> {
  const amount = amountField({ min: 1, max: Number.MAX_SAFE_INTEGER, digits: minorDigits(currency) });
  const limits: Record<(typeof LIMIT_PERIODS)[number], number | null> = { day: null, week: null, month: null };
  for (const period of LIMIT_PERIODS) {
    const given = value[boxes[period]];
    if (given === undefined) continue;
    const parsed = amount.safeParse(given);
    if (parsed.success) limits[period] = parsed.data;
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: [boxes[period]] });
  }
  return limits;
}

/**
 * Sets the deposit limits a member gave in the sign-up form (each a first limit: in force at once),
 * as the offer's screen does; false when one could not be set.
 */
export async function setOfferedLimits(
  context: AppLoadContext,
  limits: Record<(typeof LIMIT_PERIODS)[number], number | null>,
): Promise<boolean> {
  for (const period of LIMIT_PERIODS) {
    const amount = limits[period];
    if (amount === null) continue;
    const result = await context.platform.call("setLimit", { body: { kind: "deposit", period, amount } });
    if (!result.ok) return false;
    noteLimitReady(context, result.data);
  }
  return true;
}
