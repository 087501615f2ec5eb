import { ALL_SITES } from "../../server/contract/all-sites";
import type { OperatorRole, OperatorSelf } from "../../server/contract/operators";
import type { KeyOf } from "../utils/translation-keys";

/** The queues whose counts the menu shows (app/backoffice/queues.server.ts counts them). */
export type QueueName = "deposits" | "withdrawals" | "bank" | "messages";

export interface Section {
  /** the path below /bo/sites/<siteId>; "" is the site's overview */
  path: string;
  label: KeyOf<"backoffice">;
  /** who sees it: one of these roles (the platform checks each call again) */
  roles: readonly OperatorRole[];
  queue?: QueueName;
  /**
   * Whether its page exists yet. A section not built is left out of the menu, so no operator
   * follows a link to nothing; the README lists which exist.
   */
  built: boolean;
}

const ANY: readonly OperatorRole[] = ["support", "finance", "admin"];

/**
 * A site's sections, in the menu's order: one table, which the menu and each page's role check
 * read (`sectionRoles`), so a page cannot be shown to a role its menu hides it from.
 */
export const SECTIONS = [
  { path: "", label: "menu.overview", roles: ANY, built: true },
  { path: "deposits", label: "menu.deposits", roles: ["finance"], queue: "deposits", built: true },
  { path: "withdrawals", label: "menu.withdrawals", roles: ["finance"], queue: "withdrawals", built: true },
  { path: "bank", label: "menu.bank", roles: ["finance"], queue: "bank", built: true },
  { path: "messages", label: "menu.messages", roles: ["support"], queue: "messages", built: true },
  { path: "members", label: "menu.members", roles: ["support"], built: true },
  { path: "oversight", label: "menu.oversight", roles: ["finance", "admin"], built: true },
  { path: "brand", label: "menu.brand", roles: ["admin"], built: true },
] as const satisfies readonly Section[];

export type SectionPath = (typeof SECTIONS)[number]["path"];

/** The roles that may open a section's pages. */
export function sectionRoles(path: SectionPath): readonly OperatorRole[] {
  return SECTIONS.find((section) => section.path === path)!.roles;
}

/** Whether someone with `roles` may open the section. */
export function mayOpen(section: Pick<Section, "roles">, roles: readonly OperatorRole[]): boolean {
  return section.roles.some((role) => roles.includes(role));
}

/**
 * The platform section (pairs, operators, site links: platform-wide, no one site's): the platform
 * gives its calls to admins of every site only, so the menu shows it to them and its pages refuse
 * anyone else (routes/bo.platform.tsx); the platform checks each call again.
 */
export function mayOpenPlatform(operator: Pick<OperatorSelf, "sites" | "roles">): boolean {
  return operator.sites.includes(ALL_SITES) && operator.roles.includes("admin");
}

/** The back office's paths, built in one place. */
export const boPaths = {
  home: "/bo",
  login: "/bo/login",
  logout: "/bo/logout",
  language: "/bo/language",
  site: (siteId: string, path = "") => `/bo/sites/${encodeURIComponent(siteId)}${path ? `/${path}` : ""}`,
  platform: (path = "") => `/bo/platform${path ? `/${path}` : ""}`,
};
