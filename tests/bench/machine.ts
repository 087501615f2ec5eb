import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { CHROMIUM } from "./config";

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  chromium: string;
  load: string;
}

/** What the figures were measured on: they mean little without it. */
export function machine(): Machine {
  const list = cpus();
  let chromium = "unknown";
  try {
    chromium = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // reported as unknown
  }
  let load = "";
  try {
    load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    // not Linux
  }
  return {
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    chromium,
    load,
  };
}
