import { readdirSync, readFileSync } from "node:fs";
import { PLATFORM_PORT, SITE_PORT } from "./config";

/**
 * Where the CPU goes under `wrangler dev`: each worker runs as wrangler (node) with two workerd
 * processes, its proxy (the port the bench talks to, with wrangler's inspector proxy in it) and
 * the worker itself. Read from /proc (Linux); elsewhere nothing is reported.
 */

export type Role = "site worker" | "site proxy" | "site wrangler" | "platform worker" | "platform proxy" | "platform wrangler";
export const ROLES: readonly Role[] = ["site worker", "site proxy", "site wrangler", "platform worker", "platform proxy", "platform wrangler"];

type Proc = { pid: number; ppid: number; pgrp: number; args: string[] };

function readProc(pid: number): Proc | undefined {
  try {
    // the command name may hold spaces and parentheses: fields start after the last ")"
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), args };
  } catch {
    return undefined;
  }
}

/** The stack's processes by role, found in its process group. */
export function stackProcesses(group: number): Partial<Record<Role, number>> {
  let all: Proc[];
  try {
    all = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map((name) => readProc(Number(name)))
      .filter((p): p is Proc => p !== undefined && p.pgrp === group);
  } catch {
    return {};
  }
  const roles: Partial<Record<Role, number>> = {};
  const wranglers = all.filter((p) => p.args.some((a) => a.endsWith("wrangler-dist/cli.js")) && p.args.includes("dev"));
  for (const wrangler of wranglers) {
    const port = Number(wrangler.args[wrangler.args.indexOf("--port") + 1]);
    const side = port === SITE_PORT ? "site" : port === PLATFORM_PORT ? "platform" : undefined;
    if (!side) continue;
    roles[`${side} wrangler` as Role] = wrangler.pid;
    for (const child of all.filter((p) => p.ppid === wrangler.pid && p.args[0]?.endsWith("workerd"))) {
      const proxy = child.args.some((a) => a === `--socket-addr=entry=127.0.0.1:${port}`);
      roles[(proxy ? `${side} proxy` : `${side} worker`) as Role] = child.pid;
    }
  }
  return roles;
}

/** CPU time (user + system) used so far by each process, in ms. */
export function cpuTimes(processes: Partial<Record<Role, number>>): Partial<Record<Role, number>> {
  const tick = 10; // USER_HZ is 100 on Linux
  const out: Partial<Record<Role, number>> = {};
  for (const [role, pid] of Object.entries(processes) as [Role, number][]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out[role] = (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process is gone
    }
  }
  return out;
}
