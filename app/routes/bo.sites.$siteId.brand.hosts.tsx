import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:brand.tab.hosts" } satisfies RouteHandle;

/** At most this many TENANTS entries are read for the page (one KV list page). */
const LIST_LIMIT = 1000;

/**
 * The hostnames that open the site, as the site worker resolves them (server/site/tenant.ts): the
 * TENANTS namespace's entries naming it, then the configured TENANT_HOSTS. Read-only: the mapping
 * is the worker's configuration, changed with the CLI's map-host (the page says how).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  const { env } = context;
  const listed = await env.TENANTS.list({ limit: LIST_LIMIT });
  const fromKv = (
    await Promise.all(listed.keys.map(async ({ name }) => ((await env.TENANTS.get(name)) === siteId ? name : null)))
  ).filter((host): host is string => host !== null);
  const kvNames = new Set(listed.keys.map((k) => k.name));
  const configured = Object.entries(env.TENANT_HOSTS)
    .filter(([host, id]) => id === siteId && !kvNames.has(host))
    .map(([host]) => host);
  return {
    siteId,
    hosts: [
      ...fromKv.sort().map((host) => ({ host, source: "kv" as const })),
      ...configured.sort().map((host) => ({ host, source: "config" as const })),
    ],
  };
}

export default function HostsPage() {
  const { siteId, hosts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  return (
    <section aria-labelledby="hosts-title">
      <h2 id="hosts-title">{t("brand.hosts.title")}</h2>
      {hosts.length === 0 ? <p>{t("brand.hosts.none")}</p> : null}
      <ul className="bo-hosts" data-testid="hosts">
        {hosts.map(({ host, source }) => (
          <li key={host}>
            <code>{host}</code>
            <span className="bo-hint">{t(`brand.hosts.source.${source}`)}</span>
          </li>
        ))}
      </ul>
      <h3>{t("brand.hosts.change_title")}</h3>
      <p>{t("brand.hosts.change")}</p>
      <pre className="bo-command">
        <code>{`npm run operator -- map-host <hostname> ${siteId} --remote`}</code>
      </pre>
    </section>
  );
}
