import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BrandTabs } from "~/backoffice/brand/tabs";
import { requireOperator, siteIdOf } from "~/backoffice/operator.server";
import { sectionRoles } from "~/backoffice/sections";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import styles from "~/backoffice/brand/brand.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:menu.brand" } satisfies RouteHandle;

/** The brand section (admins): its tabs over the page of each (site info, theme, content, hostnames). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteId = siteIdOf(params.siteId);
  await requireOperator(context, { siteId, roles: sectionRoles("brand") });
  return { siteId };
}

export default function Brand() {
  const { siteId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("backoffice");
  return (
    <>
      <h1>{t("menu.brand")}</h1>
      <BrandTabs siteId={siteId} />
      <Outlet />
    </>
  );
}
