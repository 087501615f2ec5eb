import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { CallResult } from "../../server/site/platform-client";
import { ALL_SITES, siteIdSchema, type OperatorRole, type OperatorSelf } from "../../server/contract";
import type { BackOfficeContext } from "../../server/site/context";
import { boPaths, mayOpenPlatform } from "./sections";

/** Why a back-office page answered 403: its ErrorBoundary words each (routes/bo.tsx). */
export type RefusalReason = "role" | "site" | "platform";

/**
 * The back office's part of the load context. Only the operator hostname has it (server/site/
 * backoffice.ts); anywhere else a back-office route is not there at all.
 */
export function backOffice(context: AppLoadContext): BackOfficeContext {
  if (!context.backoffice) throw new Response(null, { status: 404 });
  return context.backoffice;
}

export function refuse(reason: RefusalReason): never {
  throw json({ reason }, { status: 403 });
}

/**
 * The signed-in operator, as the platform says today (operatorSelf, once per request): every
 * back-office loader and action starts here. Signed out: to the sign-in. A key the platform no
 * longer takes (revoked, rotated, another Access login): the session ends, and to the sign-in.
 * `siteId`: the operator must run that site; `roles`: and hold one of them (else 403, worded).
 */
export async function requireOperator(
  context: AppLoadContext,
  opts: { siteId?: string; roles?: readonly OperatorRole[] } = {},
): Promise<OperatorSelf> {
  const bo = backOffice(context);
  if (!bo.session.signedIn) throw redirect(boPaths.login);
  const self = await bo.self();
  if (!self.ok) {
    if (self.status === 403) {
      bo.session.signOut();
      bo.session.flash({ kind: "error", key: "login.ended" });
      throw redirect(boPaths.login);
    }
    throw new Response(null, { status: 503 });
  }
  if (opts.siteId !== undefined && !runsSite(self.data, opts.siteId)) refuse("site");
  if (opts.roles && !opts.roles.some((role) => self.data.roles.includes(role))) refuse("role");
  return self.data;
}

/** The signed-in operator of the platform section: an admin of every site (sections.ts), else 403. */
export async function requirePlatformOperator(context: AppLoadContext): Promise<OperatorSelf> {
  const operator = await requireOperator(context);
  if (!mayOpenPlatform(operator)) refuse("platform");
  return operator;
}

/** Whether the operator runs the site (a list, or every site). */
export function runsSite(operator: Pick<OperatorSelf, "sites">, siteId: string): boolean {
  return operator.sites.includes(ALL_SITES) || operator.sites.includes(siteId);
}

/** A site id from a path or a form, or a 404: nothing is asked of the platform for a malformed one. */
export function siteIdOf(value: string | undefined): string {
  const parsed = siteIdSchema.safeParse(value);
  if (!parsed.success) throw new Response(null, { status: 404 });
  return parsed.data;
}

/**
 * After a decision or a reply: the notice that says how it went (the platform's refusal in its own
 * words, from the messages catalog), and back to the page it was made on (post, redirect, get).
 */
export function noticeAndBack(
  bo: BackOfficeContext,
  result: CallResult<unknown>,
  success: string,
  back: string,
): never {
  bo.session.flash(result.ok ? { kind: "success", key: success } : { kind: "error", key: `messages:${result.code}` });
  throw redirect(back);
}
