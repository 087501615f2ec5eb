import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { queueCounts } from "~/backoffice/queues.server";
import { SiteMenu } from "~/backoffice/site-menu";
import type { RouteHandle } from "~/utils/translation-keys";

export const handle = { i18n: ["backoffice"] } satisfies RouteHandle;

/** A site's pages: the operator must run it; the menu shows their sections and the queues' counts. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  const operator = await requireOperator(context, { siteId });
  const counts = await queueCounts(backOffice(context), siteId, operator.roles);
  return { siteId, roles: operator.roles, counts };
}

export default function BackOfficeSite() {
  const { siteId, roles, counts } = useLoaderData<typeof loader>();
  return (
    <div className="bo-site">
      <SiteMenu siteId={siteId} roles={roles} counts={counts} />
      <main id="bo-main" className="bo-main">
        <Outlet />
      </main>
    </div>
  );
}
