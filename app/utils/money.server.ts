import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { messageKey } from "./messages";
import type { KeyOf } from "./translation-keys";
import { minorDigits } from "./money";
import { failureStatus } from "./failure-status";

/** The site's limits for one kind of amount, with the currency's minor digits. */
export function limitsFor(context: AppLoadContext, kind: "Deposit" | "Withdraw" | "Transfer") {
  const site = context.site;
  return {
    min: site[`min${kind}Amount`],
    max: site[`max${kind}Amount`],
    digits: minorDigits(site.currency),
  };
}

/** A refused money request: the form shows the platform's message and keeps its key (the outcome is known: nothing happened, or it may be unknown: a retry must be the same request). */
export function moneyFailure(
  submission: { reply: (o: { formErrors?: string[]; hideFields?: string[] }) => SubmissionResult<string[]> },
  code: string,
  status: number,
  idempotencyKey: string,
  hideFields: string[] = [],
) {
  return json({ result: submission.reply({ formErrors: [messageKey(code)], hideFields }), idempotencyKey }, { status: failureStatus(status) });
}

/** A money request that went through: a toast and a fresh page (post/redirect/get, so a reload posts nothing). */
export function moneySuccess(context: AppLoadContext, path: string, toastKey: KeyOf<"messages">) {
  context.session.flashToast({ kind: "success", key: toastKey });
  return redirect(path);
}
