import { dynamicKey, type DynamicKey } from "./translation-keys";

/**
 * A platform message code as a translation key of the `messages` namespace. The codes are the
 * contract's closed list, and every one has a text in every language (tests/unit/locales.test.ts).
 */
export function messageKey(code: string): DynamicKey {
  return dynamicKey(`messages:${code}`);
}
