import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadPieces } from "./utils/lazy-piece";
import { browserCatalog, hydratingNamespaces } from "./utils/translations.client";
import { TranslationProvider } from "./utils/translator";

/**
 * Hydrates once the page's namespaces are there, so the first render in the browser says what the
 * server said (app/utils/translator.tsx). If they cannot be loaded the page hydrates anyway: React
 * then renders it again in the browser, and useTranslation tries the load again.
 *
 * Also once the code pieces the server's render used are loaded (their chunks are preloaded by the
 * page, app/utils/lazy-piece.tsx): every lazy part of the page then hydrates in the same pass as
 * the rest, so no Suspense boundary is left waiting for its code while the first effects update it
 * (React's error #421, which throws that boundary's server HTML away).
 */
async function hydrate() {
  const catalog = browserCatalog();
  const pieces = new Set(
    [...document.querySelectorAll<HTMLLinkElement>("link[data-piece]")].map((l) => l.dataset.piece!),
  );
  await Promise.all([
    catalog.load(catalog.language, hydratingNamespaces()).catch((error: unknown) => console.error(error)),
    loadPieces(pieces),
  ]);

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider catalog={catalog}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

// hydrate() cannot reject (a failed load is caught above); without it the server's HTML still works
void hydrate();
