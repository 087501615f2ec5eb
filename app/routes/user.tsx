import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLocation } from "@remix-run/react";
import { Suspense, useEffect, useRef } from "react";
import { lazyPiece } from "~/utils/lazy-piece";
import { NavItem } from "~/components/nav-item";
import memberStyles from "~/styles/member.css";
import { useTranslation } from "~/utils/translator";
import { MEMBER_LINKS } from "~/utils/member-links";
import { useGameName } from "~/utils/root-data";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";

// the practice switch (as the header's pill's): a piece, rendered whole by the server and hydrated
// with the page (utils/lazy-piece.tsx), so the member pages' initial JavaScript leaves it out
const ModeSwitch = lazyPiece("app/components/practice.tsx", () =>
  import("~/components/practice").then((m) => ({ default: m.ModeSwitch })),
);

export const handle = {
  titleKey: "user.title",
  i18n: ["money", "records", "bank", "account", "support"],
} satisfies RouteHandle;

/** The member center's own styles (menu, money forms, records): only member pages load them. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: memberStyles }];

/** The member center: signed-in members only (server/site/README.md, "Auth guard"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // imported here, not at the top: the browser build drops the loader and this with it, where a
  // top-level value import leaves an empty module in every member page's initial JS (tests/bench)
  const { requireMember } = await import("~/utils/auth.server");
  requireMember(request, context);
  return null;
}

/** The section a path belongs to: the longest link that is the path or a folder above it. */
function sectionOf(pathname: string): KeyOf<"common"> {
  const path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  let best: readonly [string, KeyOf<"common">] = MEMBER_LINKS[0]!;
  for (const link of MEMBER_LINKS) {
    const to = link[0].toLowerCase();
    if ((path === to || path.startsWith(`${to}/`)) && to.length > best[0].length) best = link;
  }
  return best[1];
}

/**
 * Navigation (app/README.md, "Member center"): on a phone one slim row, a menu button that opens
 * a grid of the sections (a <details>, so it opens without JavaScript), as the Binance app's
 * account screen and DTrader's compact menu do, rather than fifteen links wrapping over half the
 * first screen. From 1026 px a sidebar. The game keeps one slim row at every width: it pins its
 * bet bar to the bottom of the screen (so no bottom tab bar) and needs the width for the chart (so
 * no sidebar: on a desktop the sidebar's links become one row above the game).
 */
export default function MemberCenter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const game = pathname.toLowerCase().startsWith("/user/gamepage");
  const menu = useRef<HTMLDetailsElement>(null);
  // with JavaScript a navigation keeps this layout mounted: close the menu on arrival
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const gameName = useGameName();
  // the game's section is named as the site names its game (gameName)
  const label = (key: KeyOf<"common">) => (key === "user.nav_game" ? gameName : t(key));
  const links = MEMBER_LINKS.map(([to, key]) => (
    <NavItem key={to} to={to} end={to === "/user"}>
      {label(key)}
    </NavItem>
  ));
  return (
    <div className={game ? "member-center member-center-game" : "member-center"}>
      <nav aria-label={t("user.nav_label")} className="member-sidebar">
        {links}
        <Suspense fallback={null}>
          <ModeSwitch id="sidebar-mode-label" className="menu-mode" />
        </Suspense>
      </nav>
      <details className="member-menu" ref={menu}>
        <summary>
          <span className="member-menu-icon" aria-hidden="true" />
          <span className="member-menu-label">{t("user.menu")}</span>
          <span className="member-menu-here">{label(sectionOf(pathname))}</span>
        </summary>
        <nav aria-label={t("user.nav_label")} className="member-menu-grid">
          {links}
        </nav>
        <Suspense fallback={null}>
          <ModeSwitch id="menu-mode-label" className="menu-mode" />
        </Suspense>
      </details>
      <div className="member-content">
        <Outlet />
      </div>
    </div>
  );
}
