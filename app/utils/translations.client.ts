import { matchRoutes } from "@remix-run/react";
import type { Namespace } from "../i18n";
import { BrowserCatalog, fetchFromWorker, handleNamespaces } from "./translator";

/**
 * The browser's one catalog for the visit, in the document's language. Its namespaces come from the
 * worker as JSON, one file per language and namespace, immutable per build: they are cached across
 * pages and visits, where texts embedded in each page's HTML would be sent again with every page
 * (and would cost the HTML budget of / and /login).
 */
let catalog: BrowserCatalog | undefined;

export function browserCatalog(): BrowserCatalog {
  catalog ??= new BrowserCatalog(
    document.documentElement.lang,
    fetchFromWorker(() => window.__remixManifest.version),
  );
  return catalog;
}

/** The namespaces of the routes the server rendered (their modules are loaded before hydration). */
export function hydratingNamespaces(): Namespace[] {
  const declared = Object.values(window.__remixRouteModules).flatMap((module) => handleNamespaces(module?.handle));
  return [...new Set<Namespace>(["common", ...declared])];
}

/**
 * Loads the namespaces the routes at `pathname` declare, in `language`: called by the root's
 * clientLoader, so a client-side navigation shows the new page only once its texts are there. The
 * route modules not loaded yet are imported from the same URLs Remix imports them from, so each
 * is fetched once. Never rejects: a page whose texts fail to load still opens (the texts it can
 * find are shown, and useTranslation tries again when it renders).
 */
export async function loadNamespacesFor(pathname: string, language = browserCatalog().language): Promise<void> {
  try {
    const matches = matchRoutes(window.__remixRouter.routes, pathname) ?? [];
    const handles = await Promise.all(
      matches.map(async ({ route }) => {
        const id = route.id ?? "";
        const loaded = window.__remixRouteModules[id];
        if (loaded) return loaded.handle;
        const module = window.__remixManifest.routes[id]?.module;
        return module ? ((await import(/* @vite-ignore */ module)) as { handle?: unknown }).handle : undefined;
      }),
    );
    await browserCatalog().load(language, [...new Set<Namespace>(["common", ...handles.flatMap(handleNamespaces)])]);
  } catch (error) {
    console.error(error);
  }
}
