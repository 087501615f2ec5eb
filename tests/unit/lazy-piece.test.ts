/**
 * Code pieces (app/utils/lazy-piece.tsx): a piece loaded before the render renders at once, which
 * is what lets the browser hydrate a page's lazy parts in one pass (no React #421); and every
 * piece in app/ is named by the file its import loads, the key the build's pieces file uses
 * (server/cli/build/pieces.ts), so the page can name its chunks.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPiece, loadPieces } from "../../app/utils/lazy-piece";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const render = (piece: ReturnType<typeof lazyPiece>) =>
  renderToString(createElement(Suspense, { fallback: createElement("i", null, "waiting") }, createElement(piece)));

describe("a code piece", () => {
  it("renders at once, not its Suspense fallback, when its code was loaded before the render", async () => {
    const Piece = lazyPiece("test/ready.tsx", async () => ({ default: () => createElement("b", null, "ready") }));
    await loadPieces(["test/ready.tsx"]);
    expect(render(Piece)).toContain("ready");
  });

  it("suspends, as React.lazy does, when its code is not loaded yet", () => {
    const Piece = lazyPiece("test/later.tsx", async () => ({ default: () => createElement("b", null, "ready") }));
    expect(render(Piece)).toContain("waiting");
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the pieces in app/", () => {
  const files = sources(join(ROOT, "app"));

  it("name the file their import loads", () => {
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(?:lazyPiece|piece)\(\s*"([^"]+)",\s*\(\) =>\s*import\("([^"]+)"\)/g)) {
        const [, id, specifier] = m as unknown as [string, string, string];
        const base = specifier.startsWith("~/")
          ? join(ROOT, "app", specifier.slice(2))
          : join(dirname(file), specifier);
        const target = [".tsx", ".ts"].map((ext) => base + ext).find((path) => existsSync(path));
        expect(target && relative(ROOT, target), `${relative(ROOT, file)}: ${specifier}`).toBe(id);
        found.push(id);
      }
    }
    expect(found.length).toBeGreaterThan(10);
  });

  it("are all the lazy code there is: no plain React.lazy, which would suspend while hydrating", () => {
    const plain = files.filter((file) => /\blazy\(/.test(readFileSync(file, "utf8").replace(/lazyPiece\(/g, "")));
    expect(plain.map((file) => relative(ROOT, file))).toEqual(["app/utils/lazy-piece.tsx"]);
  });
});
