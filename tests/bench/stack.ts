import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LOG_FILE, PLATFORM_PORT, QUIET_WRANGLER_ENV, ROOT, SITE, SITE_PORT, STATE_DIR } from "./config";
import { sleep } from "./stats";

/**
 * The product as `npm run serve` runs it (server/cli/local/serve.ts: the built site and platform in one
 * workerd, joined by the PLATFORM service binding as deployed, demo sites seeded), on the bench's
 * ports with a fresh state folder. It runs in a process group of its own, so stopping it ends
 * workerd too, and nothing else.
 */
export interface Stack {
  stop(): Promise<void>;
  /**
   * SIGKILL to the whole process group at once (node and workerd: a power cut, no shutdown code
   * runs), resolved when none of its processes is left. The crash scenario's kill (crash.ts).
   */
  kill(): Promise<void>;
  /** the process group of everything the stack runs */
  group: number;
}

export interface StackOptions {
  /** the state folder (config.ts STATE_DIR by default) */
  stateDir?: string;
  /** keep what the folder holds: a restart after a crash (default: wipe it, a fresh state) */
  keepState?: boolean;
  /** serve.ts's PLATFORM_CLOCK_CONTROL (default on: the stop-out burst moves the clock) */
  clockControl?: boolean;
  /** append to the stack's log instead of starting it over (a restart) */
  appendLog?: boolean;
}

/**
 * Whether any process of the group is still running: from /proc on Linux, where a killed process
 * not yet reaped (a zombie) holds no port and no longer counts; elsewhere a signal-0 probe.
 */
function groupAlive(group: number): boolean {
  if (existsSync("/proc/self/stat")) {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(fields[2]) === group && fields[0] !== "Z") return true;
      } catch {
        // gone meanwhile
      }
    }
    return false;
  }
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** The stack being started or running, so an interrupted run can still stop it. */
let running: Stack | undefined;

export async function stopRunningStack(): Promise<void> {
  await running?.stop();
}

const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");

/** `npm run build`, output to the log file; throws when it fails. */
export async function runBuild(): Promise<void> {
  mkdirSync(join(ROOT, "tests/.tmp"), { recursive: true });
  const log = openSync(join(ROOT, "tests/.tmp/bench-build.log"), "w");
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npm", ["run", "build"], {
        cwd: ROOT,
        stdio: ["ignore", log, log],
        env: { ...process.env, ...QUIET_WRANGLER_ENV },
      });
      child.on("error", reject);
      child.on("exit", resolve);
    });
    if (code !== 0) throw new Error(`npm run build failed (${code}); see tests/.tmp/bench-build.log`);
  } finally {
    closeSync(log);
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const stateDir = options.stateDir ?? STATE_DIR;
  if (!options.keepState) rmSync(join(ROOT, stateDir), { recursive: true, force: true });
  mkdirSync(join(ROOT, "tests/.tmp"), { recursive: true });
  const log = openSync(join(ROOT, LOG_FILE), options.appendLog ? "a" : "w");
  const child: ChildProcess = spawn(process.execPath, [TSX, "server/cli/local/serve.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      ...QUIET_WRANGLER_ENV,
      SITE_PORT: String(SITE_PORT),
      PLATFORM_PORT: String(PLATFORM_PORT),
      STATE_DIR: stateDir,
      // the stop-out burst moves the platform's clock to a day boundary (tests/bench/contract.ts);
      // a local-only switch of serve.ts, never part of what wrangler deploy builds
      PLATFORM_CLOCK_CONTROL: options.clockControl === false ? "0" : "1",
    },
  });
  closeSync(log);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const group = -child.pid;
    try {
      process.kill(group, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 50 && !exited; i++) await sleep(200);
    // serve.ts disposes Miniflare, which ends workerd; the group signal reaches workerd too
    await sleep(500);
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // the whole group is gone
    }
  };

  const kill = async () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group is gone already
    }
    // the ports are free once workerd is gone
    for (let i = 0; i < 100 && groupAlive(child.pid); i++) await sleep(100);
    if (groupAlive(child.pid)) throw new Error(`process group ${child.pid} still alive 10 s after SIGKILL`);
  };

  running = { stop, kill, group: child.pid! };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the stack exited while starting; see ${LOG_FILE}`);
    try {
      const response = await fetch(`${SITE}/build-id.json`);
      if (response.ok) return running;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`the site did not answer on ${SITE} within 180 s; see ${LOG_FILE}`);
}
