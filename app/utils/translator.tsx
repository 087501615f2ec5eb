import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { NAMESPACES, type Namespace } from "../i18n";
import type { DynamicKey, TranslationKey } from "./translation-keys";

/**
 * The site's translator (app/README.md, "i18n"): `t(key, values)` over the JSON files in locales/,
 * the small part of i18next the site uses, with none of i18next in the browser.
 *
 * - `ns:key` names another namespace; without a prefix the namespace is the first one given to
 *   useTranslation (`common` when none is). A key missing there is shown as written.
 * - `{{name}}` is replaced by `values.name` as it is, not escaped (React escapes what it renders);
 *   a placeholder without a value stays as it is.
 * - With a numeric `count`, `key_<form>` is used, the form chosen by Intl.PluralRules for the
 *   language (`one`/`other` in English; Japanese and Chinese have `other` only), else `key`.
 * - `returnObjects: true` returns the array or object at the key, its strings interpolated.
 * - `key?name=value&…` carries values inside the key (a platform message with its figure, made by
 *   `messageKey`); values given to `t` win over them.
 *
 * Where the texts come from is a Catalog: on the server one immutable catalog per language over the
 * bundled resources (server/site/i18n.ts); in the browser the page's namespaces fetched from the worker
 * (`/locales/<lng>/<ns>.json?v=<build>`, immutable per build, so each is downloaded once and cached
 * across pages) before hydrating, and any other namespace when a page needs it.
 */

export type Tree = { readonly [key: string]: string | readonly string[] | Tree };
export type Values = { readonly [name: string]: unknown; count?: number; returnObjects?: boolean };

/** `t` over any catalog's keys (the translator itself, and its tests with catalogs of their own). */
export interface UntypedT {
  (key: string, values?: Values & { returnObjects?: false }): string;
  (key: string, values: Values & { returnObjects: true }): unknown;
}

/** `t` over the keys of `N` (its default namespace) and every qualified key (app/utils/translation-keys.ts). */
export interface TFunction<N extends Namespace = Namespace> {
  (key: TranslationKey<N> | DynamicKey, values?: Values & { returnObjects?: false }): string;
  (key: TranslationKey<N> | DynamicKey, values: Values & { returnObjects: true }): unknown;
}

/** One language's texts, by namespace. */
export interface Catalog {
  /** the language shown, e.g. "en-US" */
  readonly language: string;
  /** the namespace's texts in the language shown, once loaded */
  namespace(ns: string): Tree | undefined;
  /** changes whenever texts arrive or the language changes */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** starts loading the namespaces that are not there yet (the browser) */
  ensure(namespaces: readonly string[]): void;
  /** shows another language once its copies of the loaded namespaces are there (the browser) */
  changeLanguage(language: string): Promise<void>;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, values: Values | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

function resolve(tree: Tree | undefined, path: string): Tree[string] | undefined {
  let node: Tree[string] | undefined = tree;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolateAll(node: Tree[string], values: Values | undefined): unknown {
  if (typeof node === "string") return interpolate(node, values);
  if (Array.isArray(node)) return node.map((item: string) => interpolate(item, values));
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, values)]));
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** A t for one language: `lookup(ns)` gives a namespace's texts, `defaultNs` is used for keys without `ns:`. */
export function createT(language: string, lookup: (ns: string) => Tree | undefined, defaultNs = "common"): UntypedT {
  function t(key: string, values?: Values): unknown {
    // a message key may carry its values as a query string (messageKey in utils/messages.ts)
    const query = key.indexOf("?");
    if (query >= 0) {
      values = { ...Object.fromEntries(new URLSearchParams(key.slice(query + 1))), ...values };
      key = key.slice(0, query);
    }
    const colon = key.indexOf(":");
    const tree = lookup(colon < 0 ? defaultNs : key.slice(0, colon));
    const path = colon < 0 ? key : key.slice(colon + 1);
    let node: Tree[string] | undefined;
    if (typeof values?.count === "number") node = resolve(tree, `${path}_${pluralForm(language, values.count)}`);
    node ??= resolve(tree, path);
    if (values?.returnObjects) return node === undefined ? key : interpolateAll(node, values);
    return typeof node === "string" ? interpolate(node, values) : key;
  }
  return t as UntypedT;
}

/** A t over a catalog's language as it is now, e.g. for a loader's plain-text answer. */
export function catalogT<N extends Namespace = "common">(
  catalog: Catalog,
  defaultNs: N | "common" = "common",
): TFunction<N> {
  return createT(catalog.language, (ns) => catalog.namespace(ns), defaultNs) as TFunction<N>;
}

/** A catalog that already holds every namespace and never changes: the server's, one per language. */
export function staticCatalog(language: string, namespaces: Readonly<Record<string, Tree>>): Catalog {
  return {
    language,
    namespace: (ns) => namespaces[ns],
    version: () => 0,
    subscribe: () => () => {},
    ensure() {},
    changeLanguage: async () => {},
  };
}

/** Where the browser loads one namespace of a language from (served by server/site/index.ts). */
export function localeUrl(language: string, ns: string, build: string): string {
  return `/locales/${language}/${ns}.json?v=${encodeURIComponent(build)}`;
}

/** The browser's catalog: namespaces fetched once per language, shared by every page of the visit. */
export class BrowserCatalog implements Catalog {
  private readonly loaded = new Map<string, Tree>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private changes = 0;

  constructor(
    public language: string,
    private readonly fetchNamespace: (language: string, ns: string) => Promise<Tree>,
  ) {}

  namespace(ns: string): Tree | undefined {
    return this.loaded.get(`${this.language}/${ns}`);
  }

  version = () => this.changes;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Resolves once every namespace is there; one that fails to load is tried again on the next call. */
  load(language: string, namespaces: readonly string[]): Promise<void> {
    return Promise.all(
      namespaces.map((ns) => {
        const id = `${language}/${ns}`;
        if (this.loaded.has(id)) return Promise.resolve();
        let loading = this.pending.get(id);
        if (!loading) {
          loading = this.fetchNamespace(language, ns).then(
            (tree) => {
              this.loaded.set(id, tree);
              this.pending.delete(id);
              if (language === this.language) this.changed();
            },
            (error: unknown) => {
              this.pending.delete(id);
              throw error;
            },
          );
          this.pending.set(id, loading);
        }
        return loading;
      }),
    ).then(() => undefined);
  }

  ensure(namespaces: readonly string[]): void {
    this.load(this.language, namespaces).catch((error: unknown) => console.error(error));
  }

  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    const inUse = [...this.loaded.keys()]
      .filter((id) => id.startsWith(`${this.language}/`))
      .map((id) => id.slice(id.indexOf("/") + 1));
    await this.load(language, inUse);
    this.language = language;
    this.changed();
  }

  private changed() {
    this.changes += 1;
    for (const listener of this.listeners) listener();
  }
}

/** Fetches a namespace from the worker, as cached for this build. */
export function fetchFromWorker(build: () => string): (language: string, ns: string) => Promise<Tree> {
  return async (language, ns) => {
    const response = await fetch(localeUrl(language, ns, build()));
    if (!response.ok) throw new Error(`translations ${language}/${ns}: ${response.status}`);
    return (await response.json()) as Tree;
  };
}

/** The namespaces a route's `handle.i18n` declares (only known ones). */
export function handleNamespaces(handle: unknown): Namespace[] {
  const declared = (handle as { i18n?: unknown } | undefined)?.i18n;
  const list = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : [];
  return list.filter((ns): ns is Namespace => (NAMESPACES as readonly unknown[]).includes(ns));
}

const TranslationContext = createContext<Catalog | null>(null);

export function TranslationProvider({ catalog, children }: { catalog: Catalog; children: ReactNode }) {
  return <TranslationContext.Provider value={catalog}>{children}</TranslationContext.Provider>;
}

function useCatalog(): Catalog {
  const catalog = useContext(TranslationContext);
  if (!catalog) throw new Error("useTranslation needs a TranslationProvider");
  return catalog;
}

/**
 * `const { t, i18n } = useTranslation("game")`: keys without `ns:` are looked up in the first
 * namespace given (default `common`); all given namespaces are loaded if they are not there yet,
 * and the component renders again when texts arrive or the language changes.
 */
export function useTranslation<N extends Namespace = "common">(
  ns?: N | readonly [N, ...Namespace[]] | readonly Namespace[],
): { t: TFunction<N>; i18n: { language: string } } {
  const catalog = useCatalog();
  const list: readonly string[] =
    ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns.length ? ns : ["common"];
  const names = list.join(",");
  const version = useSyncExternalStore(catalog.subscribe, catalog.version, catalog.version);
  const language = catalog.language;
  useEffect(() => catalog.ensure(names.split(",")), [catalog, names, language]);
  return useMemo(
    () => ({ t: catalogT<N>(catalog, names.split(",")[0] as N), i18n: { language } }),
    // version: texts that arrived since the last render (the catalog object itself stays the same)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [catalog, names, language, version],
  );
}

/** Shows the page in `language` (the root loader's locale) once its texts are there. */
export function useChangeLanguage(language: string) {
  const catalog = useCatalog();
  useEffect(() => {
    catalog.changeLanguage(language).catch((error: unknown) => console.error(error));
  }, [catalog, language]);
}
