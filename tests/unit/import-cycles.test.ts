/**
 * No runtime import cycle anywhere in app/ and server/: a module that imports, at run time, a
 * module that imports it back (through any chain) fails here. Type-only imports are erased by the
 * compiler and do not count.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
/** package.json's subpath imports (`#rules/*` → server/rules/*.ts): they are ours too. */
const IMPORTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).imports ?? {};

function subpathImport(specifier: string): string | null {
  for (const [pattern, target] of Object.entries(IMPORTS)) {
    const prefix = pattern.slice(0, -1);
    if (pattern.endsWith("*") && specifier.startsWith(prefix))
      return join(ROOT, target.replace("*", specifier.slice(prefix.length)));
  }
  return null;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith(".") || name === "node_modules") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The files a module imports at run time (relative, `~/` and `#` specifiers; packages are not ours). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm;
  for (const match of text.matchAll(statement)) {
    if (match[2]) continue; // import type / export type
    const names = match[3] ?? "";
    // `import { type A, type B } from …` is erased as a whole
    if (
      /^\{[^}]*\}$/.test(names.trim()) &&
      names
        .replace(/[{}\s]/g, "")
        .split(",")
        .filter(Boolean)
        .every((n) => n.startsWith("type"))
    )
      continue;
    const specifier = match[4] ?? match[5]!;
    const base = specifier.startsWith("~/")
      ? join(ROOT, "app", specifier.slice(2))
      : specifier.startsWith(".")
        ? resolve(dirname(file), specifier)
        : specifier.startsWith("#")
          ? subpathImport(specifier)
          : null;
    if (!base) continue;
    const target = [base, ...EXTENSIONS.map((ext) => base + ext)].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (target && /\.tsx?$/.test(target)) found.push(target);
  }
  return found;
}

function findCycle(files: string[]): string[] | null {
  const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? runtimeImports(file)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => relative(ROOT, f));
  }
  return null;
}

describe("imports", () => {
  it("form no runtime cycle in app/ and server/", () => {
    expect(findCycle([...sources(join(ROOT, "app")), ...sources(join(ROOT, "server"))])).toBeNull();
  });

  it("would find one (root.tsx importing a component that imports root.tsx)", () => {
    const root = join(ROOT, "app/root.tsx");
    const chrome = join(ROOT, "app/components/site-chrome.tsx");
    expect(runtimeImports(root)).toContain(chrome);
    expect(runtimeImports(join(ROOT, "app/utils/root-data.ts"))).not.toContain(root);
    // a rule reached through the alias is followed like any relative import
    expect(runtimeImports(join(ROOT, "app/components/fee-preview.tsx"))).toContain(
      join(ROOT, "server/rules/withdrawal-fee.ts"),
    );
  });
});
