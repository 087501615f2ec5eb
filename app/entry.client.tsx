import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nOptions } from "./i18n";

/** Loads one namespace of the page's language from the worker, cached immutably per build. */
const backend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const version = window.__remixManifest.version;
    fetch(`/locales/${language}/${namespace}.json?v=${version}`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then((data) => callback(null, data as Record<string, unknown>), (error: Error) => callback(error, null));
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(backend)
    .init({
      ...i18nOptions,
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
