import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

/**
 * No punctuation put by code beside a translated text (app/README.md, "i18n"): a colon, a bracket
 * or a sentence's trailing space added around t(...) is ASCII in every language (「利用可能額:」,
 * 「(任意)」, 「…してください。 最低」). The catalog owns them, as one string with placeholders
 * (components/filled.tsx puts elements into it). These are the shapes once found in app/.
 */
const SHAPES: [string, RegExp][] = [
  ["a colon after a translated text", /\{t\([^{}]*?\)\}\s*:/],
  ["a bracket around a translated text", /\(\{t\(|\{t\([^{}]*?\)\}\)/],
  ["a space after a translated sentence in a template", /\$\{t\([^`]*?\)\} `/],
  ["a figure in brackets after a translated label", /` \(\$\{[^`]*\}\)`/],
];

const root = fileURLToPath(new URL("../../app", import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith(".tsx") ? [path] : [];
  });

it.each(SHAPES)("puts no %s in app/", (_, shape) => {
  const found = files(root).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (shape.test(line) ? [`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
