import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ItemFacts, useFormats } from "~/backoffice/item-facts";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { boPaths, sectionRoles } from "~/backoffice/sections";
import { requireSiteFacts } from "~/backoffice/site.server";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.bank" } satisfies RouteHandle;

/** Bank accounts waiting for review; each opens on its own page with the member's documents. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("bank") });
  const bo = backOffice(context);
  const [facts, applications] = await Promise.all([
    requireSiteFacts(bo, siteId),
    bo.operators.call("operatorBankApplications", { params: { siteId }, query: { status: "pending" } }),
  ]);
  return { siteId, facts, applications: applications.ok ? applications.data : null };
}

export default function BankApplications() {
  const { siteId, facts, applications } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const { time } = useFormats(facts.currency);
  return (
    <>
      <h1>{t("menu.bank")}</h1>
      {applications === null ? <p role="alert">{t("queue.unavailable")}</p> : null}
      {applications?.length === 0 ? <p>{t("home.empty")}</p> : null}
      <ul className="bo-queue">
        {applications?.map((a) => (
          <li key={a.memberId} className="bo-item">
            <h2>{a.account}</h2>
            <ItemFacts
              rows={[
                ["queue.bank_name", a.bank],
                ["queue.account_name", a.accountName],
                ["queue.requested", a.submittedAt ? time(a.submittedAt) : "—"],
              ]}
            />
            <Link to={boPaths.site(siteId, `bank/${encodeURIComponent(a.memberId)}`)} className="button">
              {t("queue.review", { account: a.account })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
