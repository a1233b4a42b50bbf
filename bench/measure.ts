import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface Measurement {
  wallMs: number;
  /** Highest resident memory of the process and all its descendants, sampled every 50 ms. */
  peakRssBytes: number;
  /**
   * CPU time (user and system, every thread) of the process and its descendants, including
   * children it has already waited for, as last sampled (every 50 ms) before it ended. Less
   * sensitive than wall time to other work on a shared machine.
   */
  cpuMs: number;
  exitCode: number | null;
  output: string;
}

/** Runs a command and measures its wall time, and the peak memory and CPU time of its whole process tree. */
export function measure(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Measurement> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer): void => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    let peak = 0;
    let cpu = 0;
    const sample = (): void => {
      if (!child.pid) return;
      const tree = treeUsage(child.pid);
      peak = Math.max(peak, tree.rss);
      cpu = Math.max(cpu, tree.cpuMs);
    };
    const timer = setInterval(sample, 50);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({
        wallMs: performance.now() - started,
        peakRssBytes: peak,
        cpuMs: cpu,
        exitCode: code,
        output,
      });
    });
  });
}

/** Linux reports CPU times in /proc in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const TICK_MS = 10;

function treeUsage(rootPid: number): { rss: number; cpuMs: number } {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const parent = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      const memory = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      const pid = Number(entry);
      rss.set(pid, memory);
      const list = children.get(parent) ?? [];
      list.push(pid);
      children.set(parent, list);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    try {
      // utime, stime, cutime, cstime: fields 14-17, counted after the parenthesised command name.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    } catch {
      // the process ended while we looked
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { rss: total, cpuMs: ticks * TICK_MS };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
