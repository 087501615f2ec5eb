import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { PlayerInfo } from "../../server/contract";
import { withdrawDetailsSchema } from "./auth-schemas.server";
import { failureStatus } from "./failure-status";
import { keyAfterRefusal, submittedIdempotencyKey } from "./idempotency.server";
import { messageKey } from "./messages";

/**
 * What a first withdrawal asks for (app/README.md, "Sign-in and sign-up"): sign-up leaves out the
 * real name, the mobile and the transaction password, and the withdrawal page asks for the missing
 * ones in one form before the amount. The platform refuses a withdrawal without them too.
 */
export type WithdrawNeeds = { realName: boolean; mobile: boolean; transactionPassword: boolean };

export function withdrawNeeds(context: AppLoadContext, info: PlayerInfo): WithdrawNeeds {
  return {
    realName: info.realName === "",
    mobile: info.mobile === "",
    transactionPassword: context.site.transactionPasswordRequired && !info.hasTransactionPassword,
  };
}

export const needsAny = (n: WithdrawNeeds) => n.realName || n.mobile || n.transactionPassword;

const SECRETS = ["transactionPassword", "confirmTransactionPassword"];

/**
 * The details form's post: the profile fields first (updatePlayerInfo), then the transaction
 * password (set without an old one, under the form's key). A refusal shows on the form; the
 * second call's refusal leaves the first's change in place, which the page then no longer asks.
 */
export async function saveWithdrawDetails(context: AppLoadContext, formData: FormData, info: PlayerInfo) {
  const needs = withdrawNeeds(context, info);
  const schema = withdrawDetailsSchema(context.site.localsOptions, info.account, needs, formData.get("areaCode"));
  const submission = parseWithZod(formData, { schema });
  const key = submittedIdempotencyKey(formData);
  const answer = (formErrors: string[] | undefined, status: number, idempotencyKey: string) =>
    json(
      { details: submission.reply({ formErrors, hideFields: SECRETS }), idempotencyKey },
      { status: failureStatus(status) },
    );
  if (submission.status !== "success") return answer(undefined, 400, key);
  const v = submission.value;
  if (v.realName !== undefined || v.mobile !== undefined) {
    const updated = await context.platform.call("updatePlayerInfo", {
      body: { realName: v.realName, areaCode: v.areaCode, mobile: v.mobile },
    });
    if (!updated.ok) return answer([messageKey(updated.code)], updated.status, key);
  }
  if (v.transactionPassword !== undefined) {
    const set = await context.platform.call("changeTransactionPassword", {
      body: { newTransactionPassword: v.transactionPassword },
      idempotencyKey: key,
    });
    if (!set.ok) return answer([messageKey(set.code)], set.status, keyAfterRefusal(set, key));
  }
  context.session.flashToast({ kind: "success", key: "withdraw_details_saved" });
  return redirect("/user/withdraw");
}
