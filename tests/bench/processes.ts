import { readdirSync, readFileSync } from "node:fs";

/**
 * Where the CPU goes under `npm run serve`: one workerd runs both workers (site and platform, the
 * service binding between them is a call inside that process); node runs serve.ts (Miniflare),
 * which sits idle once the sites are seeded. Read from /proc (Linux); elsewhere nothing is reported.
 */

export type Role = "workerd" | "node";
export const ROLES: readonly Role[] = ["workerd", "node"];

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
  const workerd = all.find((p) => p.args[0]?.endsWith("workerd"));
  const node = all.find((p) => p.args.some((a) => a.endsWith("server/cli/local/serve.ts")));
  if (workerd) roles.workerd = workerd.pid;
  if (node) roles.node = node.pid;
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
