import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What makes a clean clone install the same tree everywhere (CONTRIBUTING.md, "Versions";
 * docs/decisions/030-node-versions-and-tool-pins.md): exact pins matching the lockfile, a lockfile
 * that holds every platform's optional packages, an install-script policy naming exactly the
 * packages that have scripts, one Node range said the same way in every place, and CI installing
 * with `npm ci`.
 */
const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
interface Pkg {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string }; packageManager: { name: string } };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
}

const pkg = JSON.parse(read("package.json")) as Pkg;
const lock = JSON.parse(read("package-lock.json")) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry & Partial<Pkg>>;
};
const packages = lock.packages;
const direct = { ...pkg.dependencies, ...pkg.devDependencies };

/** Node's lookup: the nearest node_modules/<name> from `from` up to the root. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut < 0 ? "" : dir.slice(0, cut);
  }
}

/** The name a lockfile path installs: the part after its last node_modules/. */
const nameAt = (path: string) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);

describe("installs", () => {
  it("pins every direct dependency to the exact version the lockfile installs", () => {
    const loose = Object.entries(direct).filter(([, spec]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec));
    expect(loose).toEqual([]);
    const differ = Object.entries(direct)
      .filter(([name, spec]) => packages[`node_modules/${name}`]?.version !== spec)
      .map(([name, spec]) => `${name}: ${spec} vs ${packages[`node_modules/${name}`]?.version}`);
    expect(differ).toEqual([]);
  });

  it("has a lockfile in sync with package.json (what npm ci checks first)", () => {
    expect(lock.lockfileVersion).toBe(3);
    const top = packages[""]!;
    expect(top.dependencies).toEqual(pkg.dependencies);
    expect(top.devDependencies).toEqual(pkg.devDependencies);
    expect(top.engines).toEqual(pkg.engines);
  });

  it("holds every package any platform installs, optional platform binaries included", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      const wanted = {
        ...entry.dependencies,
        ...entry.optionalDependencies,
        ...Object.fromEntries(
          Object.entries(entry.peerDependencies ?? {}).filter(
            ([name]) => !entry.peerDependenciesMeta?.[name]?.optional,
          ),
        ),
      };
      for (const name of Object.keys(wanted)) {
        if (!resolves(path, name)) missing.push(`${path || "(root)"} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
    // the ones a lockfile written on one machine used to lose
    for (const name of [
      "@rollup/rollup-darwin-arm64",
      "@rollup/rollup-linux-x64-gnu",
      "@rollup/rollup-win32-x64-msvc",
      "@esbuild/darwin-arm64",
      "@esbuild/linux-arm64",
      "@cloudflare/workerd-darwin-arm64",
      "@cloudflare/workerd-windows-64",
    ]) {
      expect(packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it("decides the install scripts of exactly the packages that have one, each explained", () => {
    const withScripts = new Set(
      Object.entries(packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([path]) => nameAt(path)),
    );
    expect(Object.keys(pkg.allowScripts).sort()).toEqual([...withScripts].sort());
    // npm turns an unlisted package's script into a hard error (strict-allow-scripts in .npmrc)
    expect(read(".npmrc")).toMatch(/^strict-allow-scripts=true$/m);
    expect(read(".npmrc")).toMatch(/^save-exact=true$/m);
    const contributing = read("CONTRIBUTING.md");
    for (const name of withScripts) expect(contributing, name).toContain(`| \`${name}\``);
  });

  it("says the supported Node the same way in engines, devEngines, .nvmrc and CI's matrix", () => {
    const range = pkg.engines.node;
    expect(pkg.devEngines.runtime).toMatchObject({ name: "node", version: range });
    expect(pkg.devEngines.packageManager.name).toBe("npm");
    // "^20.19.0 || ^22.12.0 || >=24.0.0": the lowest supported version of each major
    const floors = range.split("||").map((part) => {
      const [, major, minor] = /(\d+)\.(\d+)\.\d+/.exec(part) ?? [];
      return { major: Number(major), minor: Number(minor) };
    });
    const supported = (version: string) => {
      const [major = 0, minor = 0] = version.split(".").map(Number);
      return (
        floors.some((f) => f.major === major && f.minor <= minor) || major >= Math.max(...floors.map((f) => f.major))
      );
    };
    const nvmrc = read(".nvmrc").trim();
    expect(nvmrc).toMatch(/^\d+$/);
    expect(floors.map((f) => f.major)).toContain(Number(nvmrc));

    const matrix = /^VERSIONS=\(([^)]*)\)$/m.exec(read(".ci/node-matrix"))?.[1]?.trim().split(/\s+/) ?? [];
    expect(matrix.map((v) => Number(v.split(".")[0]))).toEqual(floors.map((f) => f.major));
    expect(matrix.filter((v) => !supported(v))).toEqual([]);
  });

  it("installs in CI with npm ci, then runs the other Node versions", () => {
    const steps = read(".ci/run")
      .split("\n")
      .filter((line) => line && !line.startsWith("#") && !line.startsWith("set ") && !line.startsWith("cd "));
    expect(steps).toEqual(["npm ci --no-audit --no-fund", "npm test", ".ci/node-matrix"]);
  });
});
