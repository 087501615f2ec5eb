import { NavItem } from "../../components/nav-item";
import { useTranslation } from "../../utils/translator";
import type { KeyOf } from "../../utils/translation-keys";
import { boPaths } from "../sections";

/** The brand section's pages, in the tabs' order (each a route bo.sites.$siteId.brand.<path>.tsx). */
export const BRAND_TABS = [
  { path: "", label: "brand.tab.site" },
  { path: "theme", label: "brand.tab.theme" },
  { path: "icons", label: "brand.tab.icons" },
  { path: "content", label: "brand.tab.content" },
  { path: "deposits", label: "brand.tab.deposits" },
  { path: "contract", label: "brand.tab.contract" },
  { path: "hosts", label: "brand.tab.hosts" },
] as const satisfies readonly { path: string; label: KeyOf<"backoffice"> }[];

export const brandPath = (siteId: string, tab: (typeof BRAND_TABS)[number]["path"] = "") =>
  boPaths.site(siteId, tab ? `brand/${tab}` : "brand");

/** The brand section's tabs: plain links (no JavaScript needed), wrapping on a phone. */
export function BrandTabs({ siteId }: { siteId: string }) {
  const { t } = useTranslation("backoffice");
  return (
    <nav aria-label={t("brand.tabs")} className="bo-tabs">
      {BRAND_TABS.map((tab) => (
        <NavItem key={tab.path} to={brandPath(siteId, tab.path)} end={tab.path === ""}>
          {t(tab.label)}
        </NavItem>
      ))}
    </nav>
  );
}
