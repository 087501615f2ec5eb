import { NavItem } from "../../components/nav-item";
import { useTranslation } from "../../utils/translator";
import type { KeyOf } from "../../utils/translation-keys";
import { boPaths } from "../sections";

/** The platform section's pages, in the tabs' order (each a route bo.platform.<path>…tsx). */
export const PLATFORM_TABS = [
  { path: "pairs", label: "platform.tab.pairs" },
  { path: "operators", label: "platform.tab.operators" },
  { path: "links", label: "platform.tab.links" },
] as const satisfies readonly { path: string; label: KeyOf<"backoffice"> }[];

export const platformPath = (tab: (typeof PLATFORM_TABS)[number]["path"], rest = "") =>
  boPaths.platform(rest ? `${tab}/${rest}` : tab);

/** A pair's page (its symbol is path-safe: capitals, digits and one hyphen). */
export const pairPath = (symbol: string) => platformPath("pairs", symbol);

/** The platform section's tabs: plain links (no JavaScript needed), wrapping on a phone. */
export function PlatformTabs() {
  const { t } = useTranslation("backoffice");
  return (
    <nav aria-label={t("platform.tabs")} className="bo-tabs">
      {PLATFORM_TABS.map((tab) => (
        <NavItem key={tab.path} to={platformPath(tab.path)}>
          {t(tab.label)}
        </NavItem>
      ))}
    </nav>
  );
}
