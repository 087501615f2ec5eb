import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { browserCatalog, hydratingNamespaces } from "./utils/translations.client";
import { TranslationProvider } from "./utils/translator";

/**
 * Hydrates once the page's namespaces are there, so the first render in the browser says what the
 * server said (app/utils/translator.tsx). If they cannot be loaded the page hydrates anyway: React
 * then renders it again in the browser, and useTranslation tries the load again.
 */
async function hydrate() {
  const catalog = browserCatalog();
  await catalog.load(catalog.language, hydratingNamespaces()).catch((error: unknown) => console.error(error));

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
