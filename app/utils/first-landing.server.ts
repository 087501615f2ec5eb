import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatMoney } from "./money";
import type { KeyOf } from "./translation-keys";

/**
 * Where a new member lands when they signed up from the home page's "practice" form (app/README.md,
 * "Sign-in and sign-up"): the game, in practice mode, with the practice account opened at the
 * site's practiceBalance. One toast says both that the account is ready and what they play with
 * (sign-up has no second success message). Call it after the session is signed in.
 */
export async function practiceLanding(
  context: AppLoadContext,
): Promise<{ target: string; toastKey: KeyOf<"messages"> }> {
  const { session, platform, site, locale } = context;
  session.setMode("practice");
  session.markPracticeShown();
  // the practice call opens the account at the site's practiceBalance on first use
  const account = await platform.call("practice");
  const balance = account.ok ? account.data.balance : site.practiceBalance;
  const amount = formatMoney(balance, site.currency, locale);
  return {
    target: "/game",
    toastKey: `register_practice?${new URLSearchParams({ amount }).toString()}` as KeyOf<"messages">,
  };
}

/** The site's practice money, as the sign-up forms name it. */
export const practiceAmount = (context: AppLoadContext) =>
  formatMoney(context.site.practiceBalance, context.site.currency, context.locale);
