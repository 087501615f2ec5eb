import { useEffect, useRef } from "react";
import { useNavigation } from "@remix-run/react";

const POLL_MS = 60_000;
const RELOAD_GUARD_MS = 10_000;

/**
 * Build update (app/README.md, "Build update"): poll /build-id.json every 60 s and on focus; once
 * the id differs from this page's build, the next navigation is a full page load, at most once per
 * path per 10 s.
 */
export function BuildUpdate() {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const current = window.__remixManifest.version;
    const check = () => {
      fetch("/build-id.json", { cache: "no-store" })
        .then((r) => (r.ok ? r.json() : null))
        .then((body: unknown) => {
          const id = (body as { id?: unknown } | null)?.id;
          if (typeof id === "string" && id !== current) stale.current = true;
        })
        .catch(() => {});
    };
    const timer = setInterval(check, POLL_MS);
    window.addEventListener("focus", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, []);

  useEffect(() => {
    if (!stale.current || navigation.state !== "loading") return;
    const target = navigation.location.pathname + navigation.location.search;
    const key = `build-reload:${navigation.location.pathname}`;
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(key, String(Date.now()));
    window.location.assign(target);
  }, [navigation]);

  return null;
}
