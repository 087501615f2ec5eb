import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { failureMessage, type FailureLike } from "./messages";
import type { KeyOf } from "./translation-keys";
import { minorDigits } from "#rules/units";
import { failureStatus } from "./failure-status";
import { plainCookie, readPlainCookie } from "./cookies";
import { keyAfterRefusal } from "./idempotency.server";

/** The site's limits for one kind of amount, with the currency's minor digits. */
export function limitsFor(context: AppLoadContext, kind: "Deposit" | "Withdraw" | "Transfer") {
  const site = context.site;
  return {
    min: site[`min${kind}Amount`],
    max: site[`max${kind}Amount`],
    digits: minorDigits(site.currency),
  };
}

/**
 * A refused money request: the form shows the platform's message, with its figure when it names
 * one (bonus_locked: the turnover still needed, in the member's money), and keeps its key (the
 * outcome is known: nothing happened, or it may be unknown: a retry must be the same request).
 */
export function moneyFailure(
  context: AppLoadContext,
  submission: { reply: (o: { formErrors?: string[]; hideFields?: string[] }) => SubmissionResult<string[]> },
  failure: FailureLike & { status: number },
  idempotencyKey: string,
  hideFields: string[] = [],
) {
  const message = failureMessage(failure, { currency: context.site.currency, locale: context.locale });
  return json(
    {
      result: submission.reply({ formErrors: [message], hideFields }),
      idempotencyKey: keyAfterRefusal(failure, idempotencyKey),
    },
    { status: failureStatus(failure.status) },
  );
}

/** The money forms whose success page shows a receipt. */
export type ReceiptKind = "deposit" | "transfer" | "withdraw";

/**
 * A money request that went through: a toast and a fresh page (post/redirect/get, so a reload
 * posts nothing) that shows the receipt of `receiptId` (the platform's id of what was made; carried
 * by a short-lived cookie, so the page keeps its address). The fresh page brings a new idempotency
 * key with an empty form: the key changes only together with a form the member must fill in
 * again, so a second tap on the same button sends an empty amount, which the site refuses, and
 * never a second request (app/README.md, "Money forms and idempotency keys").
 */
export function moneySuccess(
  context: AppLoadContext,
  path: string,
  toastKey: KeyOf<"messages">,
  receipt: { kind: ReceiptKind; id: string },
) {
  context.session.flashToast({ kind: "success", key: toastKey });
  context.cookies.push(plainCookie("receipt", `${receipt.kind}:${receipt.id}`, context.secure));
  return redirect(path);
}

/** The id of the request of this kind whose receipt the page shows once, if any; clears the cookie. */
export function takeReceiptId(request: Request, context: AppLoadContext, kind: ReceiptKind): string | null {
  const value = readPlainCookie(request, "receipt");
  if (value === undefined) return null;
  context.cookies.push(plainCookie("receipt", null, context.secure));
  const [valueKind, id] = value.split(":", 2);
  return valueKind === kind && id && id.length <= 64 ? id : null;
}

/**
 * The wallets with each game wallet named as the site names its game in the member's language:
 * the platform answers with the default language's names, the site info in context is already
 * localized (server/contract/README.md, "Operator texts"). A game the site no longer lists keeps
 * the platform's name.
 */
export function withGameNames<W extends { games: { code: string; name: string }[] }>(
  context: AppLoadContext,
  wallets: W,
): W {
  const names = new Map(context.site.games.map((g) => [g.code, g.name]));
  return { ...wallets, games: wallets.games.map((g) => ({ ...g, name: names.get(g.code) ?? g.name })) };
}

/**
 * Deposits named by their option as the site names it in the member's language: the platform keeps
 * the name the option had (in the default language) when the deposit was made. An option the site
 * no longer offers keeps that name.
 */
export function withOptionNames<T extends object>(context: AppLoadContext, items: T[]): T[] {
  const names = new Map(context.site.depositOptions.map((o) => [o.id, o.name]));
  return items.map((item) => {
    const name = "optionId" in item && typeof item.optionId === "string" ? names.get(item.optionId) : undefined;
    return name === undefined ? item : { ...item, optionName: name };
  });
}
