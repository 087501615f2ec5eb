import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DecisionForms } from "~/backoffice/decision";
import { decisionOf } from "~/backoffice/decision.server";
import { ItemFacts, useFormats } from "~/backoffice/item-facts";
import { backOffice, noticeAndBack, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:bank.title" } satisfies RouteHandle;

/**
 * One bank application: the account's details and the member's ID card (both sides) and passbook,
 * shown in the page from the site's own document route (files.$fileId), which streams them inline
 * and never to be stored; then approve, or reject with the reason the member reads.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("bank") });
  const bo = backOffice(context);
  const [facts, applications] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorBankApplications", { params: { siteId }, query: { status: "all" } }),
  ]);
  if (!applications.ok) throw new Response(null, { status: 503 });
  const application = applications.data.find((a) => a.memberId === params.memberId);
  if (!application) throw new Response(null, { status: 404 });
  return { siteId, facts, application };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("bank") });
  const bo = backOffice(context);
  const form = await request.formData();
  // the application is the member's: its id in the form must be the page's
  form.set("id", params.memberId ?? "");
  const decision = decisionOf(form, "bank", await requireSiteFacts(bo, siteId));
  if (!decision.ok) return { error: decision.error };
  const back = boPaths.site(siteId, "bank");
  const memberParams = { siteId, memberId: decision.id };
  if (decision.intent === "approve") {
    const result = await bo.operators.call("operatorApproveBank", { params: memberParams, body: { reason: "" } });
    noticeAndBack(bo, result, "decision.bank_approved", back);
  }
  const result = await bo.operators.call("operatorRejectBank", {
    params: memberParams,
    body: { reason: decision.reason },
  });
  noticeAndBack(bo, result, "decision.bank_rejected", back);
}

const DOCUMENTS: [KeyOf<"backoffice">, "idFrontFileId" | "idBackFileId" | "passbookFileId"][] = [
  ["bank.id_front", "idFrontFileId"],
  ["bank.id_back", "idBackFileId"],
  ["bank.passbook", "passbookFileId"],
];

export default function BankApplication() {
  const { siteId, facts, application: a } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("backoffice");
  const { time } = useFormats(facts.currency);
  return (
    <>
      <p>
        <Link to={boPaths.site(siteId, "bank")}>{t("bank.back")}</Link>
      </p>
      <h1>{t("bank.heading", { account: a.account })}</h1>
      <ItemFacts
        rows={[
          ["queue.bank_name", a.bank],
          ["queue.branch", a.branch || "—"],
          ["queue.account_name", a.accountName],
          ["queue.account_number", a.accountNumber],
          ["queue.requested", a.submittedAt ? time(a.submittedAt) : "—"],
        ]}
      />
      <h2>{t("bank.documents")}</h2>
      <ul className="bo-documents">
        {DOCUMENTS.map(([label, field]) => (
          <li key={field}>
            <figure>
              <img
                src={boPaths.site(siteId, `files/${encodeURIComponent(a[field])}`)}
                alt={t(label)}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{t(label)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {a.status === "under_review" ? (
        <DecisionForms
          queue="bank"
          id={a.memberId}
          approveLabel="decision.approve_bank"
          rejectLabel="decision.reject_bank"
          textLocale={facts.textLocale}
          error={answer?.error}
        />
      ) : (
        <p>{t("bank.decided")}</p>
      )}
    </>
  );
}
