import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/i18n";
import { MESSAGE_CODES } from "../../server/contract";

const root = fileURLToPath(new URL("../../locales", import.meta.url));

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [fk, fv] of flatten(v, `${prefix}${k}.`)) out.set(fk, fv);
  } else out.set(prefix.slice(0, -1), value);
  return out;
}

const load = (locale: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(root, locale, `${ns}.json`), "utf8")));

describe("translations", () => {
  const namespaces = readdirSync(join(root, "en-US")).map((f) => f.replace(/\.json$/, ""));

  it.each(namespaces)("namespace %s has the same keys in all four locales, none empty", (ns) => {
    const english = [...load("en-US", ns).keys()].sort();
    for (const locale of LOCALES) {
      const table = load(locale, ns);
      expect([...table.keys()].sort(), locale).toEqual(english);
      for (const [key, value] of table) expect(value, `${locale} ${ns}.${key}`).not.toBe("");
    }
  });

  it("has a text for every message code of the contract in every locale", () => {
    for (const locale of LOCALES) {
      const messages = load(locale, "messages");
      for (const code of MESSAGE_CODES) expect(messages.has(code), `${locale}: ${code}`).toBe(true);
    }
  });

  it("keeps every {{placeholder}} of the English text in each translation", () => {
    for (const ns of ["common", "messages", "terms"]) {
      const english = load("en-US", ns);
      for (const locale of LOCALES.slice(1)) {
        const table = load(locale, ns);
        for (const [key, value] of english) {
          for (const ph of JSON.stringify(value).match(/\{\{\w+\}\}/g) ?? []) {
            expect(JSON.stringify(table.get(key)), `${locale} ${ns}.${key}`).toContain(ph);
          }
        }
      }
    }
  });

  it("translates: the Japanese and Chinese sign-in titles are not the English one", () => {
    const english = load("en-US", "common").get("login.title");
    for (const locale of LOCALES.slice(1)) expect(load(locale, "common").get("login.title")).not.toBe(english);
  });
});
