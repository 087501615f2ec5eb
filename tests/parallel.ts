/**
 * `npm test`'s last step (tests/README.md, "Running the tests"): runs the npm scripts it is given
 * at the same time, each with its output kept apart (and written to tests/.tmp/test-<script>.log),
 * prints each one's output whole when it ends, then how long each took, and fails when any of
 * them failed. Vitest's waits and Playwright's waits leave a core idle that the other fills.
 *
 *   tsx tests/parallel.ts typecheck lint test:unit e2e
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOGS = `${ROOT}tests/.tmp`;
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx tests/parallel.ts <npm script>...");
  process.exit(2);
}
mkdirSync(LOGS, { recursive: true });

const began = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

interface Outcome {
  script: string;
  code: number;
  ms: number;
}

function run(script: string): Promise<Outcome> {
  const start = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // FORCE_COLOR: the tools see a pipe, not a terminal, and would print without colour
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      const output = Buffer.concat(chunks);
      const outcome = { script, code: code ?? (signal ? 1 : 0), ms: Date.now() - start };
      writeFileSync(`${LOGS}/test-${script.replace(/[^\w-]/g, "-")}.log`, output);
      console.log(
        `\n━━ npm run ${script}: ${outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code})`} in ${seconds(outcome.ms)} ━━`,
      );
      process.stdout.write(output);
      resolve(outcome);
    });
  });
}

console.log(`running at once: ${scripts.map((s) => `npm run ${s}`).join(", ")} (each one's output when it ends)`);
const outcomes = await Promise.all(scripts.map(run));
console.log(`\n━━ ${seconds(Date.now() - began)} in all ━━`);
for (const o of outcomes)
  console.log(`  ${o.code === 0 ? "passed" : "FAILED"}  ${seconds(o.ms).padStart(6)}  npm run ${o.script}`);
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0);
