import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/utils/auth.server";
import { newIdempotencyKey } from "~/utils/idempotency.server";
import { failureMessage } from "~/utils/messages";
import { formatMoney } from "~/utils/money";
import { localRedirectTarget } from "~/utils/redirect-target";
import type { KeyOf } from "~/utils/translation-keys";

/**
 * The practice account's two forms (app/README.md, "Practice mode"), POST only, CSRF-checked by
 * the worker like every post, each back to the local page it came from (post/redirect/get):
 *
 * - `mode=practice|real`: the one-tap switch of the header, the member menu, the practice banner
 *   and the money pages' panel. It sets the session's mode (server/site/session.ts), which the
 *   platform client sends on every member call; nothing else decides it. The first switch to
 *   practice in a session toasts the practice balance, so the member sees what they play with.
 * - `intent=reset` (with the idempotency key rendered with the banner's form): brings the practice
 *   balance back to the site's practiceBalance. The platform acts once per key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const { session, platform, site, locale } = context;
  const form = await request.formData();
  const back = localRedirectTarget(form.get("redirectTo")) ?? "/user";
  const money = { currency: site.currency, locale };

  if (form.get("intent") === "reset") {
    // a form from before the mode changed resets nothing real: the reset is a practice call
    const key = form.get("idempotencyKey");
    const result = await platform.call("resetPractice", {
      body: {},
      idempotencyKey: typeof key === "string" && key !== "" ? key : newIdempotencyKey(),
    });
    if (!result.ok)
      session.flashToast({
        kind: "error",
        key: failureMessage(result, money) as unknown as KeyOf<"messages">,
      });
    else
      session.flashToast({
        kind: "success",
        key: withAmount("practice_reset", result.data.balance, money),
      });
    return redirect(back);
  }

  const mode = form.get("mode");
  if (mode === "practice") {
    const first = !session.practiceShown;
    session.setMode("practice");
    if (first) {
      session.markPracticeShown();
      // the practice call opens the account at the site's practiceBalance on first use
      const account = await platform.call("practice");
      const balance = account.ok ? account.data.balance : site.practiceBalance;
      session.flashToast({
        kind: "success",
        key: withAmount("practice_started", balance, money),
      });
    }
  } else if (mode === "real") {
    session.setMode("real");
  }
  return redirect(back);
}

/** A toast whose text names an amount: the figure travels in the key (utils/messages.ts, messageKey). */
function withAmount(
  key: "practice_started" | "practice_reset",
  minor: number,
  money: { currency: string; locale: string },
) {
  const query = new URLSearchParams({
    amount: formatMoney(minor, money.currency, money.locale),
  }).toString();
  return `${key}?${query}` as KeyOf<"messages">;
}

export async function loader() {
  return redirect("/");
}
