import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translator";
import { CampaignCard } from "~/components/campaigns/campaign-card";
import { QueryFailed } from "~/components/support/query-failed";
import { requireMember } from "~/utils/auth.server";
import { campaignCards, joinCampaignAction, wageringExample } from "~/utils/campaigns.server";
import { dynamicKey, type RouteHandle } from "~/utils/translation-keys";

export const handle = { titleKey: "support:activity.title", i18n: ["support", "campaigns"] } satisfies RouteHandle;

/**
 * The site's campaigns (app/README.md, "Campaigns"): texts in the member's language matched by key
 * to what each pays and the member's part. Members only (the auth guard), so every visitor here
 * can join and has progress to see.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const { cards, textsError, progressError } = await campaignCards(context);
  const failed = textsError ?? progressError;
  return json(
    {
      cards,
      textsError: textsError?.key ?? null,
      progressError: progressError?.key ?? null,
      currency: context.site.currency,
      wagering: wageringExample(context.site),
    },
    // a page whose platform call failed still renders, with the failure's status (app/README.md, "Failure statuses")
    { status: failed ? failed.status : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  return joinCampaignAction(context, await request.formData());
}

export default function Activity() {
  const { cards, textsError, progressError, currency, wagering } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const { t } = useTranslation("support");
  return (
    <div className="support-page campaigns-page">
      <h1>{t("activity.title")}</h1>
      {textsError ? <QueryFailed titleKey="activity.query_failed" messageKey={textsError} /> : null}
      {progressError ? <QueryFailed titleKey="activity.progress_failed" messageKey={progressError} /> : null}
      {refusal && !cards.some((c) => c.joinKey && c.key === refusal.campaign) ? (
        // a join refused for a campaign no card offers any more (ended meanwhile, or unknown)
        <p role="alert" className="error-list">
          {t(dynamicKey(refusal.error))}
        </p>
      ) : null}
      {cards.length === 0 && !textsError ? <p className="records-empty">{t("activity.empty")}</p> : null}
      <div className="campaign-list">
        {cards.map((card) => (
          <CampaignCard key={card.key} card={card} currency={currency} wagering={wagering} refusal={refusal} />
        ))}
      </div>
    </div>
  );
}
