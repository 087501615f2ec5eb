import { Link, useLocation } from "@remix-run/react";

/**
 * A navigation link to a fixed absolute path, marked current (`aria-current="page"`, class
 * `active`) as NavLink marks it: the same path, or with `end` unset a path below it; letter case
 * and a trailing slash do not count. It compares strings instead of running React Router's
 * pattern matching per link: the member center renders seventeen of them on every page.
 */
export function NavItem({ to, end = false, className, children }: { to: string; end?: boolean; className?: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const here = normalize(pathname);
  const target = normalize(to);
  const active = here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
  return (
    <Link to={to} className={[className, active ? "active" : ""].filter(Boolean).join(" ") || undefined} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}

function normalize(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, "") : lower;
}
