import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["tests/**/*.test.ts", "server/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // Each file starts its own workerd; PBKDF2 at 100,000 iterations makes sign-ups tens of ms.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
