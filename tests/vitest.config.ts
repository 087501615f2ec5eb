import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects (tests/README.md, "Running the tests"). Pure modules run in worker threads, each
 * file isolated. Files that start workerd run in two long-lived child processes without module
 * isolation, so a process keeps its shared platform and stack (tests/helpers/shared.ts) from one
 * file to the next instead of starting workerd for each file.
 */
const WORKERD = ["tests/platform/**/*.test.ts", "tests/site/**/*.test.ts"];

export default defineConfig({
  // app/'s own import prefix (tsconfig.json's paths), for unit tests of app modules that use it
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    exclude: ["tests/e2e/**", "tests/.tmp/**", "node_modules/**"],
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // two cores: one file per core; vitest's default (cores − 1) left one of them to the waits
    maxWorkers: 2,
    // A timeout only stops a hang (speed is the bench's). PBKDF2 at 100,000 iterations makes each
    // sign-in tens of ms, and at load 20 a test takes two to three times its quiet time: a test of
    // 18 s quiet-ish came within reach of the old 30 s, so 60 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/**/*.test.ts", "server/**/*.test.ts"],
          exclude: [...WORKERD, "tests/e2e/**", "tests/.tmp/**", "node_modules/**"],
          pool: "threads",
        },
      },
      { extends: true, test: { name: "workerd", include: WORKERD, pool: "forks", isolate: false } },
    ],
  },
});
