/**
 * `npm run bench`: the benchmarks behind BENCHMARKS.md, in sections.
 * - export: exports examples/docs and a generated 5,000-page site with Quire (in tabs and in one
 *   sidebar), runs a bare unified + remark-gfm + Shiki pipeline on the same pages
 *   (bench/bare-pipeline.ts) and builds the same Markdown with VitePress and with Starlight
 *   (each installed on first use under bench/vitepress and bench/starlight only, from their own
 *   lock files), one after the other in each run so a noisy shared machine affects all alike
 *   (30+ minutes a run). Options: BENCH_PAGES (default 5000), BENCH_RUNS (default 2),
 *   BENCH_VITEPRESS=0 to leave VitePress out, BENCH_STARLIGHT=0 to leave Starlight out.
 * - api: the admin API, polling a job beside a bare Fastify route and creating jobs
 *   (bench/api.ts, about 2 minutes).
 * - agent: an agent job's overhead outside the model on examples/docs and a generated
 *   2,000-page repository (bench/agent.ts, under a minute).
 * - serve: `quire serve` against nginx on the same unpacked bundle (bench/serve.ts, about 2
 *   minutes; skipped with a message when nginx is not installed).
 * - openapi: a generated 500-operation OpenAPI specification against 500 Markdown pages
 *   (bench/openapi.ts, about a minute). Options: BENCH_OPENAPI_OPERATIONS, BENCH_OPENAPI_RUNS.
 * - components: a generated 2,000-page site where every page uses a shared snippet component
 *   and an inline one, against the same Markdown without them (bench/components.ts, several
 *   minutes). Options: BENCH_COMPONENT_PAGES (default 2000), BENCH_COMPONENT_RUNS (default 3),
 *   BENCH_COMPONENT_WARM=0 to skip the warm-cache exports.
 * - scale: `quire api` on PostgreSQL beside SQLite (job creation, polling) and the queue's
 *   pick-up latency with idle workers (bench/scale.ts, about 3 minutes; needs PostgreSQL on
 *   127.0.0.1:5432 or BENCH_SCALE_POSTGRES_URL).
 * - startup: `quire --help` from a checkout and from the packed package, with the machine's Node
 *   and with Node 24 (bench/startup.ts, a minute or two). Option: BENCH_STARTUP_RUNS (default 20).
 * - lastmod: sitemap dates from one `git log` against one per page file, on a generated
 *   repository (bench/last-modified.ts, a few minutes). Options: BENCH_LASTMOD_PAGES (default
 *   1000), BENCH_LASTMOD_COMMITS (default 300), BENCH_LASTMOD_RUNS (default 3).
 * - navigation: a generated 5,001-page site with every page in one sidebar, and in one group,
 *   against the same pages in tabs, and what a page's sidebar weighs whole or split
 *   (bench/navigation-size.ts, several minutes). Options: BENCH_NAVIGATION_PAGES,
 *   BENCH_NAVIGATION_RUNS, BENCH_NAVIGATION_QUIRE.
 * - dev: `quire dev` beside `vitepress dev` in Chromium: start on a generated 1,000-page site,
 *   edit to new text shown on a 5,000-page one (bench/dev.ts, a few minutes).
 * - assistant: the readers' assistant's retrieval on a generated 2,000-page site beside the
 *   reader's search (bench/assistant.ts, a minute or two). Options: BENCH_ASSISTANT_PAGES,
 *   BENCH_ASSISTANT_ROUNDS.
 * BENCH_ONLY=export, api, agent, serve, openapi, components, scale, startup, lastmod, navigation,
 * dev or assistant (or a comma-separated list; default all) runs only those;
 * so does a first argument (`node bench/run.ts api`). BENCHMARKS.md keeps one block per section
 * between HTML comment markers, and a run replaces only the blocks of the sections it ran.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { agentSection, runAgentBenchmark } from "./agent.ts";
import { apiSection, runApiBenchmark } from "./api.ts";
import { assistantSection, runAssistantBenchmark } from "./assistant.ts";
import { componentsSection, runComponentsBenchmark } from "./components.ts";
import { devSection, runDevBenchmark } from "./dev.ts";
import { generateSite } from "./generate-site.ts";
import { lastModifiedSection, runLastModifiedBenchmark } from "./last-modified.ts";
import { type Measurement, measure, median } from "./measure.ts";
import { navigationSection, runNavigationBenchmark } from "./navigation-size.ts";
import { openApiSection, runOpenApiBenchmark } from "./openapi.ts";
import { runScaleBenchmark, scaleSection } from "./scale.ts";
import { runServeBenchmark, serveSection } from "./serve.ts";
import { runStartupBenchmark, startupSection } from "./startup.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(root, "bench");
const vitepressDir = path.join(benchDir, "vitepress");
// Inside bench/vitepress, so the generated VitePress site resolves vue and vitepress from there.
const work = path.join(vitepressDir, ".work");
const starlightDir = path.join(benchDir, "starlight");
// Inside bench/starlight, so the generated Astro project resolves astro and Starlight from there.
const starlightWork = path.join(starlightDir, ".work");
/**
 * Folders the benchmark is done with, deleted once everything is measured. On an ext4 file
 * system without a journal (these machines' disk), the kernel will not give a new file an
 * inode freed in the last one to six minutes, and it reads inode tables to find out: a
 * 5,000-page export right after 20,000 files were deleted took 56 s (9.7 s of system time)
 * against 40 s (5.7 s) with no deletion before it. A folder set aside is renamed, which frees
 * nothing, so no measured run pays for the one before it.
 */
const trash = path.join(benchDir, ".trash");
let setAsideCount = 0;

function setAside(folder: string): void {
  if (!existsSync(folder)) return;
  mkdirSync(trash, { recursive: true });
  renameSync(folder, path.join(trash, `${process.pid}-${setAsideCount++}`));
}

const pages = Number(process.env.BENCH_PAGES ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 2);
const quire = path.join(root, "bin", "quire.js");
const node = process.execPath;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Installs a comparison tool into its own bench folder, from its lock file, on first use. */
function ensureInstalled(folder: string, packageName: string, label: string): void {
  if (existsSync(path.join(folder, "node_modules", packageName, "package.json"))) return;
  log(`Installing ${label} under bench/${path.basename(folder)} (not a dependency of Quire)…`);
  // `npm install`, not `npm ci`: this npm leaves rollup's optional platform packages out of the
  // lock file and then refuses `npm ci`; the lock still pins every version that is installed.
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: folder, stdio: "inherit" });
}

function ensureVitepress(): void {
  ensureInstalled(vitepressDir, "vitepress", "VitePress");
}

function ensureStarlight(): void {
  ensureInstalled(starlightDir, "@astrojs/starlight", "Starlight");
}

/** The installed version of a comparison tool, for the report. */
function installedVersion(folder: string, packageName: string): string {
  const manifest = path.join(folder, "node_modules", packageName, "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

async function quireExport(
  source: string,
  cacheDir: string | undefined,
  label: string,
): Promise<Measurement & { archiveBytes: number }> {
  const archive = path.join(work, `${label}.tar.gz`);
  const args = [
    quire,
    "export",
    source,
    "-o",
    archive,
    "--quiet",
    ...(cacheDir ? ["--cache-dir", cacheDir] : ["--no-cache"]),
  ];
  const result = await measure(node, args);
  if (result.exitCode !== 0) throw new Error(`quire export failed:\n${result.output}`);
  log(
    `  quire export ${label}: ${seconds(result.wallMs)} (CPU ${seconds(result.cpuMs)}), ${mb(result.peakRssBytes)}`,
  );
  return { ...result, archiveBytes: statSync(archive).size };
}

async function vitepressBuild(source: string): Promise<Measurement & { siteBytes: number }> {
  const dist = path.join(source, ".vitepress", "dist");
  setAside(dist);
  const binary = path.join(vitepressDir, "node_modules", "vitepress", "bin", "vitepress.js");
  const result = await measure(node, [binary, "build", source], { cwd: vitepressDir });
  if (result.exitCode !== 0)
    throw new Error(`vitepress build failed:\n${result.output.slice(-3000)}`);
  const siteBytes = folderBytes(dist);
  log(
    `  vitepress build: ${seconds(result.wallMs)} (CPU ${seconds(result.cpuMs)}), ${mb(result.peakRssBytes)}, ${mb(siteBytes)}`,
  );
  return { ...result, siteBytes };
}

/**
 * `astro build` of the generated Starlight project, from nothing each time: Astro keeps its
 * content store and Vite's cache between builds, which a first build does not have.
 */
async function starlightBuild(project: string): Promise<Measurement & { siteBytes: number }> {
  const dist = path.join(project, "dist");
  for (const cache of [dist, path.join(project, ".astro"), path.join(project, "node_modules")])
    setAside(cache);
  const binary = path.join(starlightDir, "node_modules", "astro", "bin", "astro.mjs");
  const result = await measure(node, [binary, "build"], {
    cwd: project,
    // No telemetry request to the network in the middle of a measurement.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  if (result.exitCode !== 0) throw new Error(`astro build failed:\n${result.output.slice(-3000)}`);
  const siteBytes = folderBytes(dist);
  log(
    `  starlight build: ${seconds(result.wallMs)} (CPU ${seconds(result.cpuMs)}), ${mb(result.peakRssBytes)}, ${mb(siteBytes)}`,
  );
  // Gigabytes at 5,000 pages (every page carries the whole sidebar): out of the project, and
  // deleted with the rest once everything is measured.
  setAside(dist);
  return { ...result, siteBytes };
}

/** Threads the bare pipeline runs on: as many as Quire's render pool starts for a large site. */
function availableThreads(): number {
  return os.availableParallelism();
}

/** The bare unified + remark-gfm + Shiki pipeline on the same pages, writing HTML files. */
async function barePipeline(source: string): Promise<Measurement> {
  const out = path.join(work, "bare-out");
  setAside(out);
  const result = await measure(node, [
    path.join(benchDir, "bare-pipeline.ts"),
    source,
    out,
    String(availableThreads()),
  ]);
  if (result.exitCode !== 0) throw new Error(`the bare pipeline failed:\n${result.output}`);
  log(
    `  bare pipeline: ${seconds(result.wallMs)} (CPU ${seconds(result.cpuMs)}), ${mb(result.peakRssBytes)}`,
  );
  return result;
}

/** gzip-compressed bytes of the CSS and JS a page loads before search is opened. */
function pageAssetBytes(siteDir: string, page: string): { css: number; js: number } {
  const html = readFileSync(path.join(siteDir, page), "utf8");
  const base = path.dirname(path.join(siteDir, page));
  const sum = (pattern: RegExp): number =>
    [...html.matchAll(pattern)].reduce(
      (total, match) =>
        total + gzipSync(readFileSync(path.resolve(base, match[1] as string)), { level: 9 }).length,
      0,
    );
  return { css: sum(/<link rel="stylesheet" href="([^"]+)"/g), js: sum(/<script src="([^"]+)"/g) };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The export section of BENCHMARKS.md (everything the export benchmark wrote before the sections). */
async function exportSection(): Promise<string> {
  const withVitepress = process.env.BENCH_VITEPRESS !== "0";
  const withStarlight = process.env.BENCH_STARLIGHT !== "0";
  if (withVitepress) ensureVitepress();
  if (withStarlight) ensureStarlight();
  setAside(work);
  mkdirSync(work, { recursive: true });
  log(`Generating a ${pages}-page site, in tabs and in one sidebar…`);
  const generated = generateSite(
    path.join(work, "generated"),
    pages,
    42,
    "tabs",
    withStarlight ? path.join(starlightWork, "generated") : undefined,
  );
  const oneSidebar = generateSite(path.join(work, "generated-sidebar"), pages, 42, "one-sidebar");
  // The corpora are tens of thousands of new files: flushed to disk now, not by the kernel in
  // the middle of the first measured export.
  execFileSync("sync");

  log("Exporting examples/docs…");
  const exampleCold = await quireExport(
    path.join(root, "examples", "docs"),
    path.join(work, "cache-example"),
    "example",
  );
  const exampleWarm = await quireExport(
    path.join(root, "examples", "docs"),
    path.join(work, "cache-example"),
    "example",
  );
  const exampleDir = path.join(work, "example-site");
  execFileSync(node, [
    quire,
    "export",
    path.join(root, "examples", "docs"),
    "--out-dir",
    exampleDir,
    "--no-cache",
    "--quiet",
  ]);
  const typical = pageAssetBytes(exampleDir, "quickstart.html");
  const examplePages = readdirSync(path.join(root, "examples", "docs"), { recursive: true }).filter(
    (file) =>
      /\.mdx?$/.test(String(file)) &&
      !String(file).startsWith("snippets") &&
      !String(file).startsWith("drafts"),
  ).length;

  const quireCold: (Measurement & { archiveBytes: number })[] = [];
  const bare: Measurement[] = [];
  const sidebarCold: (Measurement & { archiveBytes: number })[] = [];
  const quireWarm: Measurement[] = [];
  const quireNoCache: Measurement[] = [];
  const vitepress: (Measurement & { siteBytes: number })[] = [];
  const starlight: (Measurement & { siteBytes: number })[] = [];
  for (let run = 1; run <= runs; run++) {
    log(
      `Run ${run}/${runs}: Quire (tabs, first export), the bare pipeline, Quire (one sidebar, first export), Quire (warm cache, no cache)${withVitepress ? ", VitePress" : ""}${withStarlight ? ", Starlight" : ""}…`,
    );
    const cacheDir = path.join(work, `cache-${run}`);
    quireCold.push(await quireExport(generated.quireDir, cacheDir, `generated-${run}`));
    bare.push(await barePipeline(generated.quireDir));
    sidebarCold.push(
      await quireExport(
        oneSidebar.quireDir,
        path.join(work, `cache-sidebar-${run}`),
        `sidebar-${run}`,
      ),
    );
    quireWarm.push(await quireExport(generated.quireDir, cacheDir, `generated-${run}-warm`));
    quireNoCache.push(await quireExport(generated.quireDir, undefined, `generated-${run}-nocache`));
    if (withVitepress) vitepress.push(await vitepressBuild(generated.vitepressDir));
    if (withStarlight && generated.starlightDir)
      starlight.push(await starlightBuild(generated.starlightDir));
  }
  const wall = (list: Measurement[]) => median(list.map((item) => item.wallMs));
  const cpu = (list: Measurement[]) => median(list.map((item) => item.cpuMs));
  const peak = (list: Measurement[]) => Math.max(...list.map((item) => item.peakRssBytes));
  const coldMs = wall(quireCold);
  const warmMs = wall(quireWarm);
  // Each round's Quire and bare runs follow each other: their ratio is the round's.
  const wallRatio = median(
    quireCold.map((item, index) => item.wallMs / (bare[index] as Measurement).wallMs),
  );
  const cpuRatio = median(
    quireCold.map((item, index) => item.cpuMs / (bare[index] as Measurement).cpuMs),
  );
  const sidebarRatio = median(
    sidebarCold.map((item, index) => item.wallMs / (bare[index] as Measurement).wallMs),
  );
  const quirePeak = Math.max(peak(quireCold), peak(quireNoCache));
  const row = (label: string, list: Measurement[], output: string) =>
    `| ${label} | ${seconds(wall(list))} | ${(generated.pages / (wall(list) / 1000)).toFixed(0)} | ${seconds(cpu(list))} | ${mb(peak(list))} | ${output} |`;
  const rounds = quireCold
    .map((item, index) => {
      const other = bare[index] as Measurement;
      const sidebar = sidebarCold[index] as Measurement;
      return `| ${index + 1} | ${seconds(item.wallMs)} (${seconds(item.cpuMs)} CPU) | ${seconds(other.wallMs)} (${seconds(other.cpuMs)} CPU) | ${(item.wallMs / other.wallMs).toFixed(2)} | ${(item.cpuMs / other.cpuMs).toFixed(2)} | ${seconds(sidebar.wallMs)} (${seconds(sidebar.cpuMs)} CPU) |`;
    })
    .join("\n");
  const loads = os.loadavg()[0]?.toFixed(1);
  const vitepressMs = withVitepress ? wall(vitepress) : 0;
  // Each round's builds follow one another: the median of the rounds' own ratios.
  const roundRatio = (
    other: Measurement[],
    quire: Measurement[] = quireCold,
    field: "wallMs" | "cpuMs" = "wallMs",
  ) => median(quire.map((item, index) => (other[index] as Measurement)[field] / item[field]));
  const goal = (ratio: number, target: number) =>
    `goal: at least ${target}×: ${ratio >= target ? "met" : "**not met**"}`;
  const vitepressVersion = withVitepress ? installedVersion(vitepressDir, "vitepress") : "";
  const starlightVersion = withStarlight
    ? `${installedVersion(starlightDir, "@astrojs/starlight")} (Astro ${installedVersion(starlightDir, "astro")})`
    : "";
  const otherTools = [
    ...(withVitepress ? [{ name: "VitePress", list: vitepress }] : []),
    ...(withStarlight ? [{ name: "Starlight", list: starlight }] : []),
  ];
  const otherRounds = quireCold
    .map((item, index) => {
      const cells = otherTools.map(({ list }) => {
        const other = list[index] as Measurement;
        return `${seconds(other.wallMs)} (${seconds(other.cpuMs)} CPU) | ${(other.wallMs / item.wallMs).toFixed(2)}`;
      });
      return `| ${index + 1} | ${seconds(item.wallMs)} (${seconds(item.cpuMs)} CPU) | ${cells.join(" | ")} |`;
    })
    .join("\n");
  const otherTable =
    otherTools.length === 0
      ? ""
      : `
| Run | Quire, tabs | ${otherTools.map(({ name }) => `${name} | ${name} ÷ Quire`).join(" | ")} |
|---:|---:|${otherTools.map(() => "---:|---:|").join("")}
${otherRounds}
`;
  const vitepressLine = withVitepress
    ? `- Quire renders **${roundRatio(vitepress).toFixed(1)}×** as many pages per second as VitePress on a first export (${goal(roundRatio(vitepress), 8)}; ${roundRatio(vitepress, quireCold, "cpuMs").toFixed(1)}× in CPU time), and ${(vitepressMs / warmMs).toFixed(1)}× on a re-export.\n`
    : "";
  const starlightLine = withStarlight
    ? `- Quire renders **${roundRatio(starlight).toFixed(1)}×** as many pages per second as Starlight on a first export (${goal(roundRatio(starlight), 2.5)}; ${roundRatio(starlight, quireCold, "cpuMs").toFixed(1)}× in CPU time); in one sidebar, where Quire too puts every page's link on every page as Starlight does here, ${roundRatio(starlight, sidebarCold).toFixed(1)}×.\n`
    : "";
  return `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}; the machine's 1-minute load average was ${loads} when the export runs ended (other work shares these cores).
Medians of ${runs} run${runs === 1 ? "" : "s"}; in each run the tools follow one another (Quire, the bare pipeline, Quire again${withVitepress ? ", VitePress" : ""}${withStarlight ? ", Starlight" : ""}), so a noisy shared machine affects them alike. Wall time is the whole command, start-up included; CPU time is every thread and child process of it (user and system); peak memory is the highest resident memory of the process and all its threads and children, sampled every 50 ms.

## Generated site: ${generated.pages} pages

The same content for every tool (bench/generate-site.ts, seeded): per page about 600 words, a table, lists, two code blocks (js, ts, python, bash, json or yaml), callouts, steps, tabs, cards, an accordion and a parameter field; in tabs, ${Math.ceil(pages / 250)} tabs of 10 groups of 25 pages; in one sidebar, ${Math.ceil(pages / 100)} groups of 100 pages in a single sidebar.${withVitepress || withStarlight ? " For VitePress and Starlight the components become their nearest Markdown (containers or asides, lists, headings, `<details>`)." : ""}${withStarlight ? " Starlight, which has no tabs, gets the whole tree as its sidebar: a collapsed group per tab holding a collapsed group per folder that it fills itself (`autogenerate`), so each of its pages carries all the site's links; it builds with what it comes with: Expressive Code for code blocks and a Pagefind search index." : ""}

| | Wall time | Pages per second | CPU time | Peak memory | Output |
|---|---:|---:|---:|---:|---:|
${row("Quire, first export (empty cache), in tabs", quireCold, `${mb(quireCold[0]?.archiveBytes ?? 0)} (one .tar.gz)`)}
${row("Quire, first export (empty cache), one sidebar", sidebarCold, `${mb(sidebarCold[0]?.archiveBytes ?? 0)} (one .tar.gz)`)}
${row("Quire, re-export of the unchanged site (warm cache)", quireWarm, "same bytes")}
${row("Quire, `--no-cache`", quireNoCache, "")}
${row("Bare pipeline (bench/bare-pipeline.ts), 2 threads", bare, "HTML files only")}
${withVitepress ? row(`VitePress ${vitepressVersion} \`vitepress build\``, vitepress, `${mb(vitepress[0]?.siteBytes ?? 0)} (a folder, uncompressed)`) : "| VitePress | not run (`BENCH_VITEPRESS=0`) | | | | |"}
${withStarlight ? row(`Starlight ${starlightVersion} \`astro build\``, starlight, `${mb(starlight[0]?.siteBytes ?? 0)} (a folder, uncompressed)`) : "| Starlight | not run (`BENCH_STARLIGHT=0`) | | | | |"}

The bare pipeline is what any Markdown site generator does per page and nothing more: unified with remark-parse, remark-gfm and remark-frontmatter, mdast → hast, Shiki (its default Oniguruma engine, Quire's two themes), hast → HTML in a minimal document, one file per page, on ${availableThreads()} worker threads. It has no MDX, components, layout, sidebar, search index, Markdown copies, llms files, render cache or archive.

| Run | Quire, tabs | Bare pipeline | Wall ratio | CPU ratio | Quire, one sidebar |
|---:|---:|---:|---:|---:|---:|
${rounds}
${otherTable}
- A first export takes **${wallRatio.toFixed(2)}×** the bare pipeline's wall time (goal: at most 1.3×: ${wallRatio <= 1.3 ? "met" : "**not met**"}) and ${cpuRatio.toFixed(2)}× its CPU time; in one sidebar, ${sidebarRatio.toFixed(2)}× its wall time.
${vitepressLine}${starlightLine}- Re-exporting the unchanged site is **${(coldMs / warmMs).toFixed(1)}×** faster than the first export (goal: at least 5×).
- Peak memory at ${generated.pages} pages: ${mb(quirePeak)} in tabs, ${mb(peak(sidebarCold))} in one sidebar (goal: under 1 GB).
- Where a page's time goes beyond the bare pipeline, what was changed for it and with what effect: docs/decisions.md, "Export speed".

## examples/docs (${examplePages} pages)

| | Wall time | Output |
|---|---:|---:|
| First export | ${seconds(exampleCold.wallMs)} | ${mb(exampleCold.archiveBytes)} |
| Re-export, warm cache | ${seconds(exampleWarm.wallMs)} | ${mb(exampleWarm.archiveBytes)} |

A typical page (quickstart.html) loads ${(typical.css / 1024).toFixed(1)} KB of CSS and ${(typical.js / 1024).toFixed(1)} KB of JavaScript, gzip-compressed: ${((typical.css + typical.js) / 1024).toFixed(1)} KB in all before search is opened (goal: under 60 KB). Math pages add KaTeX's stylesheet and fonts; pages with a diagram add mermaid; the search index loads only when search is opened.`;
}

const SECTIONS = [
  "export",
  "api",
  "agent",
  "serve",
  "openapi",
  "components",
  "scale",
  "startup",
  "lastmod",
  "navigation",
  "dev",
  "assistant",
] as const;
type Section = (typeof SECTIONS)[number];
const REPRODUCE = `## Reproduce

\`\`\`sh
npm run bench                       # every section; BENCH_PAGES=5000 BENCH_RUNS=2 by default
BENCH_ONLY=export npm run bench     # Quire against the bare pipeline, VitePress and Starlight (30+ minutes a run; BENCH_VITEPRESS=0 or BENCH_STARLIGHT=0 leaves one out)
BENCH_ONLY=api npm run bench        # the admin API only (about 2 minutes; or npm run bench:api)
BENCH_ONLY=serve npm run bench      # quire serve against nginx (about 2 minutes; or npm run bench:serve)
BENCH_ONLY=openapi npm run bench    # API reference pages against Markdown pages (about a minute)
BENCH_ONLY=components npm run bench # pages with React components against the same without (several minutes; or npm run bench:components)
BENCH_ONLY=scale npm run bench      # PostgreSQL against SQLite, queue pick-up (about 3 minutes; or npm run bench:scale)
BENCH_ONLY=startup npm run bench    # quire --help from a checkout and from the packed package (a minute or two)
BENCH_ONLY=lastmod npm run bench    # sitemap dates: one git log against one per page (a few minutes)
BENCH_ONLY=navigation npm run bench # a 5,001-page site in one sidebar and in one group against the same in tabs (several minutes)
BENCH_ONLY=dev npm run bench        # quire dev against vitepress dev in Chromium (a few minutes; or npm run bench:dev)
BENCH_ONLY=assistant npm run bench  # the readers' assistant's retrieval before the model (a minute or two)
\`\`\`

A run rewrites only the sections it measured and keeps the others as they were.
`;

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** BENCH_ONLY (or the first argument): a comma-separated list of sections, or all of them. */
function selectedSections(): Section[] {
  const given = (process.argv[2] ?? process.env.BENCH_ONLY ?? "").trim();
  if (given === "" || given === "all") return [...SECTIONS];
  const names = given.split(",").map((name) => name.trim());
  for (const name of names) {
    if (!(SECTIONS as readonly string[]).includes(name))
      throw new Error(`BENCH_ONLY: no section "${name}": use ${SECTIONS.join(", ")} or all`);
  }
  return SECTIONS.filter((section) => names.includes(section));
}

/**
 * Figures measured by hand (before/after a change, the test suite's time): no run writes this
 * block, and every run keeps it, after the measured sections.
 */
const BY_HAND = "by-hand" as const;
type Block = Section | typeof BY_HAND;
const startMarker = (section: Block): string => `<!-- bench:${section} start -->`;
const endMarker = (section: Block): string => `<!-- bench:${section} end -->`;

/** The sections an existing BENCHMARKS.md holds (one written before the markers is all export). */
function readSections(file: string): Map<Block, string> {
  const sections = new Map<Block, string>();
  if (!existsSync(file)) return sections;
  const text = readFileSync(file, "utf8");
  for (const section of [...SECTIONS, BY_HAND] as const) {
    const start = text.indexOf(startMarker(section));
    const end = text.indexOf(endMarker(section));
    if (start >= 0 && end > start)
      sections.set(section, text.slice(start + startMarker(section).length, end).trim());
  }
  if (sections.size === 0 && text.startsWith("# Benchmarks\n")) {
    const reproduce = text.indexOf("\n## Reproduce");
    const body = text.slice("# Benchmarks\n".length, reproduce >= 0 ? reproduce : undefined).trim();
    if (body) sections.set("export", body);
  }
  return sections;
}

function document(sections: Map<Block, string>): string {
  const blocks = [...SECTIONS, BY_HAND]
    .filter((section) => sections.has(section))
    .map((section) => `${startMarker(section)}\n${sections.get(section)}\n${endMarker(section)}\n`);
  return `# Benchmarks\n\n${blocks.join("\n")}\n${REPRODUCE}`;
}

async function main(): Promise<void> {
  const file = path.join(root, "BENCHMARKS.md");
  const selected = selectedSections();
  log(`Sections: ${selected.join(", ")}`);
  for (const section of selected) {
    let content: string;
    if (section === "serve") {
      const result = await runServeBenchmark(log);
      if (result.skipped !== undefined) {
        log(`Section serve skipped: ${result.skipped}`);
        continue;
      }
      content = serveSection(result, machine());
    } else if (section === "openapi") {
      content = openApiSection(await runOpenApiBenchmark(log), machine());
    } else if (section === "components") {
      content = componentsSection(await runComponentsBenchmark(log), machine());
    } else if (section === "scale") {
      content = scaleSection(await runScaleBenchmark(log), machine());
    } else if (section === "dev") {
      ensureVitepress();
      content = devSection(await runDevBenchmark(root, vitepressDir, log), machine());
    } else if (section === "startup") {
      content = startupSection(await runStartupBenchmark(log), machine());
    } else if (section === "lastmod") {
      content = lastModifiedSection(await runLastModifiedBenchmark(log), machine());
    } else if (section === "navigation") {
      content = navigationSection(await runNavigationBenchmark(log), machine());
    } else if (section === "assistant") {
      content = assistantSection(await runAssistantBenchmark(log), machine());
    } else {
      content =
        section === "export"
          ? await exportSection()
          : section === "api"
            ? apiSection(await runApiBenchmark(), machine())
            : agentSection(await runAgentBenchmark(log), machine());
    }
    // Written as soon as a section is done, over the file as it is now: other sections stay.
    const sections = readSections(file);
    sections.set(section, content);
    writeFileSync(file, document(sections));
  }
  process.stdout.write(readFileSync(file, "utf8"));
  log("Deleting the folders set aside…");
  rmSync(trash, { recursive: true, force: true });
}

await main();
