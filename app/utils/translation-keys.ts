/**
 * The translation keys, as types, from the English catalog (locales/en-US): a misspelled key or
 * namespace in `t(…)`, a route's `titleKey` or its `i18n` list fails `npm run typecheck`. The other
 * languages have the same keys (tests/unit/locales.test.ts).
 */
import type { resources } from "../../server/site/i18n";
import type { Namespace } from "../i18n";

/** The English texts of each namespace, as the site worker bundles them (one catalog per NAMESPACES entry). */
type Catalogs = (typeof resources)["en-US"];

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** `key_one` / `key_other` are reached as `key` with a count. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base | K : K;

/** Every path of a catalog: its texts, and its objects and lists (read with `returnObjects`). */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? WithoutPlural<`${Prefix}${K}`>
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : `${Prefix}${K}` | Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of a namespace, without its prefix (of any of them, for a union). */
export type KeyOf<N extends Namespace> = N extends Namespace ? Paths<Catalogs[N]> : never;

/** A key with its namespace: `money:withdraw.title`. */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];

/** What `t` takes where `N` is the default namespace: its own keys, or any qualified one. */
export type TranslationKey<N extends Namespace = "common"> = KeyOf<N> | QualifiedKey;

declare const dynamic: unique symbol;
/**
 * A key that arrives as data (a form's error from the server, a toast), checked where it is made
 * rather than where it is shown. Made with `dynamicKey`, so each such place is easy to find.
 */
export type DynamicKey = string & { readonly [dynamic]: true };
export const dynamicKey = (key: string): DynamicKey => key as DynamicKey;

/** What a route module's `handle` may hold. */
export interface RouteHandle {
  /** the page's title, a key of the common namespace or a qualified one */
  titleKey?: TranslationKey;
  /** "auth": the sign-in frame, brand and footer but no site navigation (sign-in, sign-up); "game": the compact header (the game's first screen) */
  layout?: "default" | "auth" | "game";
  /** the namespaces the page needs besides common and messages */
  i18n?: readonly Namespace[];
  /** a title the operator names in site info (the game's `gameName`), preferred to `titleKey` when set */
  titleFromSite?: "gameName";
}
