import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { OperatorRole } from "../../server/contract/operators";
import { NavItem } from "../components/nav-item";
import { useTranslation } from "../utils/translator";
import type { QueueCounts } from "./queues.server";
import { boPaths, mayOpen, SECTIONS, type Section } from "./sections";

/**
 * A site's menu: the sections the operator's roles open, each queue with its count. On a phone a
 * <details> (it opens without JavaScript) whose summary says how much waits; from 900 px a
 * sidebar. Sections not built yet are left out (sections.ts).
 */
export function SiteMenu({
  siteId,
  roles,
  counts,
}: {
  siteId: string;
  roles: readonly OperatorRole[];
  counts: QueueCounts;
}) {
  const { t } = useTranslation("backoffice");
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const sections = (SECTIONS as readonly Section[]).filter((s) => s.built && mayOpen(s, roles));
  const waiting = Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  const links = sections.map((section) => (
    <NavItem key={section.path} to={boPaths.site(siteId, section.path)} end={section.path === ""}>
      <span>{t(section.label)}</span>
      {section.queue ? <QueueCount count={counts[section.queue]} /> : null}
    </NavItem>
  ));
  return (
    <>
      <nav aria-label={t("menu.label")} className="bo-sidebar">
        {links}
      </nav>
      <details className="bo-menu" ref={menu}>
        <summary>
          <span>{t("menu.open")}</span>
          {waiting > 0 ? <span className="bo-count">{t("menu.waiting", { count: waiting })}</span> : null}
        </summary>
        <nav aria-label={t("menu.label")} className="bo-menu-list">
          {links}
        </nav>
      </details>
    </>
  );
}

function QueueCount({ count }: { count: number | null | undefined }) {
  const { t } = useTranslation("backoffice");
  if (count === undefined) return null;
  if (count === null)
    return (
      <span className="bo-count bo-count-unknown" title={t("menu.unknown_count")}>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">{t("menu.unknown_count")}</span>
      </span>
    );
  if (count === 0) return null;
  return (
    <span className="bo-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t("menu.waiting", { count })}</span>
    </span>
  );
}
