/**
 * Last-modified dates for every page of a site: the export's one `git log` pass over the docs
 * folder (src/exporter/site/last-modified.ts) beside the obvious alternative, one
 * `git log -1 -- <file>` per page. A generated repository of BENCH_DATED_PAGES pages (default
 * 300) and 150 commits, each changing a few pages; the two ways alternate round by round, so
 * a busy machine slows each alike; figures are medians, and their ratio is the result.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readLastModified } from "../src/exporter/site/last-modified.ts";
import { median } from "./measure.ts";

const PAGES = Number(process.env.BENCH_DATED_PAGES ?? 300);
const COMMITS = 150;
const ROUNDS = 2;

export interface LastModifiedBenchmark {
  pages: number;
  commits: number;
  rounds: number;
  onePassMs: number;
  perPageMs: number;
  loadAverage: number;
}

export async function runLastModifiedBenchmark(
  log: (message: string) => void,
): Promise<LastModifiedBenchmark> {
  const repo = mkdtempSync(path.join(os.tmpdir(), "quire-bench-dates-"));
  try {
    log(`Making a repository of ${PAGES} pages and ${COMMITS} commits…`);
    const files = Array.from({ length: PAGES }, (_, index) => `pages/p${index}.mdx`);
    mkdirSync(path.join(repo, "pages"));
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: repo,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "Bench",
          GIT_AUTHOR_EMAIL: "bench@example.com",
          GIT_COMMITTER_NAME: "Bench",
          GIT_COMMITTER_EMAIL: "bench@example.com",
        },
      });
    git("init", "-q");
    for (const file of files) writeFileSync(path.join(repo, file), "first\n");
    git("add", "-A");
    git("commit", "-qm", "all pages");
    for (let commit = 0; commit < COMMITS; commit++) {
      for (let change = 0; change < 5; change++) {
        const file = files[(commit * 7 + change * 131) % PAGES] as string;
        writeFileSync(path.join(repo, file), `change ${commit}.${change}\n`);
      }
      git("commit", "-qam", `change ${commit}`);
    }

    const onePass: number[] = [];
    const perPage: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      log(`Round ${round + 1} of ${ROUNDS}…`);
      let started = performance.now();
      const { dates } = await readLastModified(repo, files);
      onePass.push(performance.now() - started);
      if (dates.size !== PAGES) throw new Error(`one pass dated ${dates.size} of ${PAGES} pages`);
      started = performance.now();
      for (const file of files)
        spawnSync("git", ["log", "-1", "--format=%cI", "--", file], { cwd: repo });
      perPage.push(performance.now() - started);
    }
    return {
      pages: PAGES,
      commits: COMMITS + 1,
      rounds: ROUNDS,
      onePassMs: median(onePass),
      perPageMs: median(perPage),
      loadAverage: os.loadavg()[0] ?? 0,
    };
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

export function lastModifiedSection(result: LastModifiedBenchmark, machine: string): string {
  return `## Last-modified dates from git

Measured by \`BENCH_ONLY=dates npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; load average ${result.loadAverage.toFixed(1)} at the end.
A repository of ${result.pages} pages and ${result.commits} commits; every page gets its last commit date. The two ways alternate for ${result.rounds} rounds; figures are medians.

| Way | Median |
|---|---:|
| one \`git log\` pass over the docs folder (what the export does) | **${(result.onePassMs / 1000).toFixed(2)} s** |
| one \`git log -1 -- <file>\` process per page | **${(result.perPageMs / 1000).toFixed(2)} s** |

The one pass takes ${(result.onePassMs / result.perPageMs).toFixed(3)} of the time of a process per page (${(result.perPageMs / result.onePassMs).toFixed(0)} times faster).`;
}
