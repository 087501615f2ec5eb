import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { backOffice, requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { queueCounts } from "~/backoffice/queues.server";
import { boPaths, mayOpen, SECTIONS, type Section } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.overview" } satisfies RouteHandle;

/** The site's overview: each queue the operator works, with how many wait. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  const operator = await requireOperator(context, { siteId });
  // the layout's loader asks the same in this request: queueCounts asks the platform once
  const counts = await queueCounts(backOffice(context), siteId, operator.roles);
  return { siteId, roles: operator.roles, counts };
}

export default function BackOfficeSiteHome() {
  const { siteId, roles, counts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  const queues = (SECTIONS as readonly Section[]).filter((s) => s.queue && mayOpen(s, roles));
  return (
    <>
      <h1>{t("home.title", { site: siteId })}</h1>
      {queues.length > 0 ? <h2>{t("home.queues")}</h2> : null}
      <ul className="bo-tiles">
        {queues.map((section) => {
          const count = counts[section.queue!];
          const body = (
            <>
              <span className="bo-tile-label">{t(section.label)}</span>
              <span className="bo-tile-count">{count ?? "?"}</span>
              {count === null ? <span className="bo-tile-note">{t("menu.unknown_count")}</span> : null}
              {!section.built ? <span className="bo-tile-note">{t("home.not_built")}</span> : null}
            </>
          );
          return (
            <li key={section.path} className="bo-tile">
              {section.built ? <Link to={boPaths.site(siteId, section.path)}>{body}</Link> : <div>{body}</div>}
            </li>
          );
        })}
      </ul>
    </>
  );
}
