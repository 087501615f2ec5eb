import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { requirePlatformOperator } from "~/backoffice/operator.server";
import { PlatformTabs } from "~/backoffice/platform/tabs";
import type { RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";
import styles from "~/backoffice/platform/platform.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.title" } satisfies RouteHandle;

/**
 * The platform section (app/backoffice/README.md, "Platform"): pairs, operators and site links,
 * which belong to no one site. Admins of every site only (sections.ts mayOpenPlatform); each page
 * checks again, and the platform checks every call.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  await requirePlatformOperator(context);
  return null;
}

export default function Platform() {
  const { t } = useTranslation("backoffice");
  return (
    <main id="bo-main" className="bo-main bo-platform">
      <h1>{t("platform.title")}</h1>
      <p className="bo-hint">{t("platform.intro")}</p>
      <PlatformTabs />
      <Outlet />
    </main>
  );
}
