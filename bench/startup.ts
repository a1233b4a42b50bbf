/**
 * How long `quire --help` takes to answer: from a checkout (through `npx`, and with Node 24
 * directly) and from the packed package laid out as npm installs it (run by the machine's own
 * Node, which on an older Node runs Quire again under its Node 24, and by Node 24 directly).
 * The commands alternate round by round, so a busy machine slows each alike; figures are medians.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  installLinked,
  machineNode,
  makeOutsideFolder,
  makeProject,
  packPackage,
  REPOSITORY,
  removeOutsideFolders,
  userEnvironment,
} from "../test/helpers/packed-package.ts";
import { median } from "./measure.ts";

const ROUNDS = Number(process.env.BENCH_STARTUP_RUNS ?? 20);

interface Command {
  label: string;
  program: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface StartupBenchmark {
  rows: { label: string; medianMs: number; slowestMs: number }[];
  machineNode: string;
  rounds: number;
  loadAverage: number;
}

export async function runStartupBenchmark(
  log: (message: string) => void,
): Promise<StartupBenchmark> {
  try {
    log("Packing Quire for the start-up benchmark…");
    const tarball = packPackage(REPOSITORY, makeOutsideFolder("quire-bench-pack-"));
    const project = makeProject("quire-bench-installed-");
    await installLinked(project, tarball);
    const node = machineNode();
    const node24 = path.join(REPOSITORY, "node_modules", ".bin", "node");
    const installedBin = path.join(project, "node_modules", ".bin", "quire");
    const checkout = { cwd: REPOSITORY, env: process.env };
    const installed = { cwd: project, env: userEnvironment() };
    const commands: Command[] = [
      {
        label: "`npx quire --help` in a checkout (npm, then Node 24 on the TypeScript sources)",
        program: "npx",
        args: ["quire", "--help"],
        ...checkout,
      },
      {
        label: "`node bin/quire.js --help` in a checkout, Node 24 on the TypeScript sources",
        program: node24,
        args: ["bin/quire.js", "--help"],
        ...checkout,
      },
      {
        label:
          "`npx quire --help` in a docs repository (npm, then Node 24 on the built JavaScript)",
        program: "npx",
        args: ["quire", "--help"],
        ...installed,
      },
      {
        label: `\`quire --help\` installed, started by the machine's Node ${node.version}${node.major < 24 ? " (runs itself again under its Node 24)" : ""}`,
        program: installedBin,
        args: ["--help"],
        ...installed,
      },
      {
        label: "`quire --help` installed, started by Node 24",
        program: node24,
        args: [installedBin, "--help"],
        ...installed,
      },
    ];
    const times = commands.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, command] of commands.entries()) {
        const started = process.hrtime.bigint();
        const result = spawnSync(command.program, command.args, {
          cwd: command.cwd,
          env: command.env,
          stdio: ["ignore", "pipe", "pipe"],
        });
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        if (result.status !== 0)
          throw new Error(`${command.label} failed:\n${result.stdout}${result.stderr}`);
        times[index]?.push(elapsed);
      }
    }
    return {
      rows: commands.map((command, index) => ({
        label: command.label,
        medianMs: median(times[index] ?? []),
        slowestMs: Math.max(...(times[index] ?? [])),
      })),
      machineNode: node.version,
      rounds: ROUNDS,
      loadAverage: os.loadavg()[0] ?? 0,
    };
  } finally {
    removeOutsideFolders();
  }
}

/** The start-up section of BENCHMARKS.md. */
export function startupSection(result: StartupBenchmark, machine: string): string {
  const version = JSON.parse(readFileSync(path.join(REPOSITORY, "package.json"), "utf8")).version;
  const rows = result.rows
    .map(
      (row) =>
        `| ${row.label} | **${(row.medianMs / 1000).toFixed(2)} s** | ${(row.slowestMs / 1000).toFixed(2)} s |`,
    )
    .join("\n");
  return `## Start-up: \`quire --help\`

Measured by \`BENCH_ONLY=startup npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; load average ${result.loadAverage.toFixed(1)} at the end.
Quire ${version}, packed with \`npm pack\` and laid out as npm installs it in a folder outside the repository. Each command runs to its end as a child process; the ${result.rows.length} commands alternate for ${result.rounds} rounds, and the figures are the median and the slowest of each.

| How it starts | Median | Slowest |
|---|---:|---:|
${rows}`;
}
