import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The children of a process (this test process by default) whose command line names `script`. */
export function childProcessesRunning(script: string, parentPid = process.pid): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(path.join("/proc", entry, "stat"), "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = readFileSync(path.join("/proc", entry, "cmdline"), "utf8");
      if (parent === parentPid && command.includes(script)) found.push(+entry);
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}
