import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LimitsOffer } from "~/components/protection/limits-offer";
import { requireMember } from "~/utils/auth.server";
import { failureStatus } from "~/utils/failure-status";
import { failureMessage } from "~/utils/messages";
import { noteLimitReady, offerSchema } from "~/utils/protection.server";
import { localRedirectTarget } from "~/utils/redirect-target";
import type { RouteHandle } from "~/utils/translation-keys";
import { LIMIT_PERIODS } from "#rules/protection-terms";

export const handle = { titleKey: "account:limits_offer.title", i18n: ["account", "money"] } satisfies RouteHandle;

/**
 * /user/limits/offer (decision 033): the deposit limits offered right after sign-up, one screen
 * with a one-tap "Not now" that goes where sign-up would have landed (`next`, a local path), and
 * the post of the same offer shown above the first deposit. Each limit given is set as on
 * /user/limits (a first limit applies at once).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  return json({ next: localRedirectTarget(new URL(request.url).searchParams.get("next")) ?? "/user" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: offerSchema(context.site.currency) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const next = localRedirectTarget(submission.value.next) ?? "/user";
  const money = { currency: context.site.currency, locale: context.locale };
  for (const period of LIMIT_PERIODS) {
    const amount = submission.value[period];
    if (amount === null) continue;
    const result = await context.platform.call("setLimit", { body: { kind: "deposit", period, amount } });
    if (!result.ok) {
      return json(
        { result: submission.reply({ formErrors: [failureMessage(result, money)] }) },
        { status: failureStatus(result.status) },
      );
    }
    noteLimitReady(context, result.data);
  }
  context.session.flashToast({ kind: "success", key: "limits_offer_saved" });
  return redirect(next);
}

export default function LimitsOfferPage() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="account-page limits-page">
      <LimitsOffer next={next} skipTo={next} heading="title" lastResult={actionData?.result} />
    </div>
  );
}
