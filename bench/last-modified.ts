/**
 * Sitemap `lastmod` dates from git: the export's one `git log` over the docs folder against one
 * `git log -1` per page file, the way a naive export would ask. A generated repository (pages
 * touched by many commits) keeps the figures reproducible; the two ways alternate round by round,
 * so a busy machine slows each alike; figures are medians.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readLastModified } from "../src/exporter/site/last-modified.ts";
import { median } from "./measure.ts";

const PAGES = Number(process.env.BENCH_LASTMOD_PAGES ?? 1000);
const COMMITS = Number(process.env.BENCH_LASTMOD_COMMITS ?? 300);
const ROUNDS = Number(process.env.BENCH_LASTMOD_RUNS ?? 3);

export interface LastModifiedBenchmark {
  pages: number;
  commits: number;
  rounds: number;
  oneCallMs: number;
  perFileMs: number;
  loadAverage: number;
}

export async function runLastModifiedBenchmark(
  log: (message: string) => void,
): Promise<LastModifiedBenchmark> {
  const root = mkdtempSync(path.join(os.tmpdir(), "quire-bench-lastmod-"));
  try {
    log(`Generating a git repository of ${PAGES} pages and ${COMMITS} commits…`);
    const files = generateRepository(root);
    const oneCall: number[] = [];
    const perFile: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      const { dates } = await readLastModified(root);
      oneCall.push(performance.now() - started);
      if (dates.size < files.length) throw new Error(`only ${dates.size} files dated`);
      started = performance.now();
      for (const file of files)
        execFileSync("git", ["log", "-1", "--format=%cI", "--", file], { cwd: root });
      perFile.push(performance.now() - started);
      log(
        `Round ${round + 1}: one call ${Math.round(oneCall.at(-1) ?? 0)} ms, per file ${Math.round(perFile.at(-1) ?? 0)} ms`,
      );
    }
    return {
      pages: PAGES,
      commits: COMMITS,
      rounds: ROUNDS,
      oneCallMs: median(oneCall),
      perFileMs: median(perFile),
      loadAverage: os.loadavg()[0] ?? 0,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Pages in folders of 50; each commit after the first rewrites 20 pages picked in turn. */
function generateRepository(root: string): string[] {
  const files = Array.from(
    { length: PAGES },
    (_, index) => `section-${Math.floor(index / 50)}/page-${index}.mdx`,
  );
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Bench",
        GIT_AUTHOR_EMAIL: "bench@example.com",
        GIT_COMMITTER_NAME: "Bench",
        GIT_COMMITTER_EMAIL: "bench@example.com",
      },
    });
  git("init", "-q");
  for (let commit = 0; commit < COMMITS; commit++) {
    const touched =
      commit === 0 ? files : files.filter((_, index) => (index + commit * 7) % PAGES < 20);
    for (const file of touched) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), `---\ntitle: ${file}\n---\n\nRevision ${commit}.\n`);
    }
    git("add", "-A");
    git("commit", "-q", "-m", `revision ${commit}`);
  }
  return files;
}

export function lastModifiedSection(result: LastModifiedBenchmark, machine: string): string {
  return `## Sitemap dates from git

Measured by \`BENCH_ONLY=lastmod npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; load average ${result.loadAverage.toFixed(1)} at the end.
A generated repository of ${result.pages} pages and ${result.commits} commits (each after the first rewrites 20 pages). The two ways alternate for ${result.rounds} rounds; figures are medians.

| How the dates are read | Median |
|---|---:|
| one \`git log --name-only\` over the docs folder (what the export does) | **${(result.oneCallMs / 1000).toFixed(2)} s** |
| one \`git log -1\` per page file | ${(result.perFileMs / 1000).toFixed(2)} s |

One call is ${(result.perFileMs / result.oneCallMs).toFixed(0)} times faster here.`;
}
