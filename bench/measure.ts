import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface Measurement {
  wallMs: number;
  /** Highest resident memory of the process and all its descendants, sampled every 50 ms. */
  peakRssBytes: number;
  exitCode: number | null;
  output: string;
}

/** Runs a command and measures its wall time and the peak memory of its whole process tree. */
export function measure(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Measurement> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    let peak = 0;
    const sample = (): void => {
      if (child.pid) peak = Math.max(peak, treeRss(child.pid));
    };
    const timer = setInterval(sample, 50);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ wallMs: performance.now() - started, peakRssBytes: peak, exitCode: code, output });
    });
  });
}

function treeRss(rootPid: number): number {
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
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
