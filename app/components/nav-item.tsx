import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * A navigation link to a fixed absolute path, marked current (`aria-current="page"`, class
 * `active`) as NavLink marks it: the same path, or with `end` unset a path below it; letter case
 * and a trailing slash do not count. It compares strings instead of running React Router's
 * pattern matching per link: the member center renders seventeen of them on every page.
 *
 * Prefetch (app/README.md, "Prefetch after 1 s"): once a mouse pointer has rested on the link for
 * 1 s, the link asks Remix to prefetch its page (`prefetch="render"` from then on: the route's data
 * request and modules, as `<link rel="prefetch">`); leaving earlier cancels it. Remix's own
 * "intent" waits 100 ms, too eager for a menu the pointer crosses. Touch prefetches nothing: a tap
 * navigates at once, so there is no resting to wait for.
 */
/** One timer for every link: a mouse pointer rests on one link at a time. */
let rest: ReturnType<typeof setTimeout> | undefined;

export function NavItem({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const [prefetch, setPrefetch] = useState(false);
  const here = normalize(pathname);
  const target = normalize(to);
  const active = here === target || (!end && target !== "/" && here.startsWith(`${target}/`));
  return (
    <Link
      to={to}
      prefetch={prefetch ? "render" : "none"}
      onPointerEnter={(e) => {
        if (e.pointerType === "mouse") rest = setTimeout(setPrefetch, 1000, true);
      }}
      onPointerLeave={() => clearTimeout(rest)}
      className={[className, active ? "active" : ""].filter(Boolean).join(" ") || undefined}
      aria-current={active ? "page" : undefined}
    >
      {children}
    </Link>
  );
}

function normalize(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, "") : lower;
}
