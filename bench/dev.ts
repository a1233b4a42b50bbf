/**
 * `quire dev` beside `vitepress dev` on the same generated sites (bench/generate-site.ts), in
 * Chromium, end to end:
 * - start: from starting the command to the browser showing the home page's text, on a
 *   1,000-page site;
 * - edit: from writing a page's file to the open tab's DOM showing the new text (no reload by
 *   hand), on a 5,000-page site.
 * The two tools alternate run by run and edit by edit, so a busy machine slows each alike.
 * Options: BENCH_DEV_START_PAGES (1000), BENCH_DEV_EDIT_PAGES (5000), BENCH_DEV_RUNS (3 starts
 * each), BENCH_DEV_EDITS (10 edits each).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../test/helpers/browser.ts";
import { type GeneratedSite, generateSite } from "./generate-site.ts";
import { median } from "./measure.ts";

const START_PAGES = Number(process.env.BENCH_DEV_START_PAGES ?? 1000);
const EDIT_PAGES = Number(process.env.BENCH_DEV_EDIT_PAGES ?? 5000);
const RUNS = Number(process.env.BENCH_DEV_RUNS ?? 3);
const EDITS = Number(process.env.BENCH_DEV_EDITS ?? 10);
/** Longest wait for a server to show a page or an edit, before the benchmark gives up. */
const PATIENCE_MS = 180_000;

type Tool = "quire" | "vitepress";

interface Running {
  child: ChildProcess;
  /** The URL of a page path (`guides/intro`) on this server. */
  urlOf: (pagePath: string) => string;
  output: () => string;
}

export interface DevBenchmark {
  startPages: number;
  editPages: number;
  /** Start to the home page shown, ms, each run. */
  start: Record<Tool, number[]>;
  /** File written to the new text shown, ms, each edit. */
  edit: Record<Tool, number[]>;
  /** `quire dev`'s own time per edit, from the change seen to the pages told and the page rendered, ms. */
  quireServerMs: number[];
  /** Resident memory of `quire dev` after the edits on the large site, bytes. */
  quireRssBytes: number;
  /** The machine's load average over a minute, at the start and at the end. */
  load: [number, number];
  vitepressVersion: string;
}

export async function runDevBenchmark(
  root: string,
  vitepressDir: string,
  log: (message: string) => void,
): Promise<DevBenchmark> {
  const work = path.join(vitepressDir, ".work", "dev");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  log(`Generating ${START_PAGES}- and ${EDIT_PAGES}-page sites for the dev benchmark…`);
  const small = generateSite(path.join(work, "small"), START_PAGES);
  const large = generateSite(path.join(work, "large"), EDIT_PAGES);
  const browser = await launchBrowser();
  const result: DevBenchmark = {
    startPages: small.pages,
    editPages: large.pages,
    start: { quire: [], vitepress: [] },
    edit: { quire: [], vitepress: [] },
    quireServerMs: [],
    quireRssBytes: 0,
    load: [os.loadavg()[0] ?? 0, 0],
    vitepressVersion: (
      JSON.parse(
        readFileSync(path.join(vitepressDir, "node_modules", "vitepress", "package.json"), "utf8"),
      ) as { version: string }
    ).version,
  };
  const starters: Record<Tool, (site: GeneratedSite) => Promise<Running>> = {
    quire: (site) => startQuire(root, site),
    vitepress: (site) => startVitepress(vitepressDir, site),
  };
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const tool of ["quire", "vitepress"] as const) {
        const tab = await browser.newPage();
        const started = performance.now();
        const server = await starters[tool](small);
        try {
          await showText(tab, server.urlOf("index"), "A generated site for benchmarks.");
          const ms = performance.now() - started;
          result.start[tool].push(ms);
          log(`start ${run}/${RUNS}, ${tool}: ${Math.round(ms)} ms`);
        } finally {
          await tab.close();
          await stop(server);
        }
      }
    }

    const pagePath = firstPage(large);
    const servers: Partial<Record<Tool, Running>> = {};
    const tabs: Partial<Record<Tool, Page>> = {};
    try {
      for (const tool of ["quire", "vitepress"] as const) {
        const server = await starters[tool](large);
        servers[tool] = server;
        const tab = await browser.newPage();
        tabs[tool] = tab;
        await showText(tab, server.urlOf(pagePath), "See a related page");
      }
      for (let edit = 1; edit <= EDITS; edit++) {
        for (const tool of ["quire", "vitepress"] as const) {
          const marker = `Edit marker ${edit} of ${tool}.`;
          const file =
            tool === "quire"
              ? path.join(large.quireDir, `${pagePath}.mdx`)
              : path.join(large.vitepressDir, `${pagePath}.md`);
          const tab = tabs[tool] as Page;
          const shown = tab.getByText(marker).waitFor({ timeout: PATIENCE_MS });
          const written = performance.now();
          appendFileSync(file, `\n${marker}\n`);
          await shown;
          const ms = performance.now() - written;
          result.edit[tool].push(ms);
          log(`edit ${edit}/${EDITS}, ${tool}: ${Math.round(ms)} ms`);
          // Let watchers settle before the next write.
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
      result.quireRssBytes = residentBytes(servers.quire?.child.pid);
      result.quireServerMs = [
        ...(servers.quire?.output() ?? "").matchAll(/ changed: .* \((\d+) ms, /g),
      ].map((match) => Number(match[1]));
      result.load[1] = os.loadavg()[0] ?? 0;
    } finally {
      for (const tab of Object.values(tabs)) await tab.close();
      for (const server of Object.values(servers)) await stop(server);
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}

/** The first page of the first group (after the home page). */
function firstPage(site: GeneratedSite): string {
  const config = JSON.parse(readFileSync(path.join(site.quireDir, "docs.json"), "utf8")) as {
    navigation: { tabs: { groups: { pages: string[] }[] }[] };
  };
  const pages = config.navigation.tabs[0]?.groups[0]?.pages ?? [];
  return pages.find((page) => page !== "index") as string;
}

/** Opens `url` (trying again while the server is not listening yet) until the tab shows `text`. */
async function showText(tab: Page, url: string, text: string): Promise<void> {
  const deadline = performance.now() + PATIENCE_MS;
  for (;;) {
    try {
      await tab.goto(url, { timeout: PATIENCE_MS });
      break;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await tab.getByText(text).first().waitFor({ timeout: PATIENCE_MS });
}

async function startQuire(root: string, site: GeneratedSite): Promise<Running> {
  const server = launch(process.execPath, [
    path.join(root, "bin", "quire.js"),
    "dev",
    site.quireDir,
    "--port",
    "0",
    "--no-cache",
  ]);
  const deadline = performance.now() + PATIENCE_MS;
  for (;;) {
    const url = / at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(server.output())?.[1];
    if (url) return { ...server, urlOf: (pagePath) => `${url}${pagePath}` };
    if (server.child.exitCode !== null || performance.now() > deadline)
      throw new Error(`quire dev did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function startVitepress(vitepressDir: string, site: GeneratedSite): Promise<Running> {
  const port = await freePort();
  const binary = path.join(vitepressDir, "node_modules", "vitepress", "bin", "vitepress.js");
  const server = launch(
    process.execPath,
    [binary, "dev", site.vitepressDir, "--port", String(port), "--strictPort"],
    vitepressDir,
  );
  return {
    ...server,
    urlOf: (pagePath) =>
      `http://localhost:${port}/${pagePath === "index" ? "" : `${pagePath}.html`}`,
  };
}

function launch(program: string, args: string[], cwd?: string): Omit<Running, "urlOf"> {
  // A process group of its own, so stopping it stops what it started (esbuild's service).
  const child = spawn(program, args, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function stop(server: Running): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  }, 5000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function residentBytes(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export function devSection(result: DevBenchmark, machine: string): string {
  const ms = (values: number[]): string => `${Math.round(median(values))} ms`;
  const ratio = (tool: number[], other: number[]): string =>
    `${(median(other) / median(tool)).toFixed(1)}×`;
  const slowest = (values: number[]): string => `${Math.round(Math.max(...values))} ms`;
  return `## \`quire dev\` beside \`vitepress dev\`

Measured by \`npm run bench:dev\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.
Both tools serve the same generated content (bench/generate-site.ts) and are read in Chromium, end to end; they alternate run by run and edit by edit, so a busy machine slows each alike. Medians (slowest in brackets).

| | \`quire dev\` | VitePress ${result.vitepressVersion} \`vitepress dev\` | VitePress / Quire |
|---|---:|---:|---:|
| Start to the home page shown, ${result.startPages} pages (${result.start.quire.length} runs each) | ${ms(result.start.quire)} (${slowest(result.start.quire)}) | ${ms(result.start.vitepress)} (${slowest(result.start.vitepress)}) | ${ratio(result.start.quire, result.start.vitepress)} |
| Page file saved to the new text in the open tab, ${result.editPages} pages (${result.edit.quire.length} edits each) | ${ms(result.edit.quire)} (${slowest(result.edit.quire)}) | ${ms(result.edit.vitepress)} (${slowest(result.edit.vitepress)}) | ${ratio(result.edit.quire, result.edit.vitepress)} |

- \`quire dev\`'s own share of an edit (the change seen, the open page told, the page rendered again), as it reports it: ${ms(result.quireServerMs)} (${slowest(result.quireServerMs)}); the rest is the file watcher and the browser loading the page again.
- The machine's load average (1 minute) was ${result.load[0].toFixed(1)} at the start and ${result.load[1].toFixed(1)} at the end of the run, on ${os.cpus().length} cores: other work shared it, so the absolute times are high and the ratios are what to compare.
- Goals: start in a few seconds on ${result.startPages} pages, an edit shown within 300 ms on ${result.editPages} pages.
- \`quire dev\` reads every page's frontmatter at start and renders a page when it is first opened; an edit renders the page again (with \`--no-cache\` here), then the tab loads it again. VitePress updates the open page in place (Vite's hot module replacement).
- Resident memory of \`quire dev\` after the edits on ${result.editPages} pages: ${(result.quireRssBytes / 1024 / 1024).toFixed(0)} MB.`;
}
