/**
 * `npm run bench`: the benchmarks behind BENCHMARKS.md, in sections.
 * - export: exports examples/docs and a generated 5,000-page site with Quire, builds the same
 *   Markdown with VitePress (installed under bench/vitepress only), alternating the two so a
 *   noisy shared machine affects both alike (10+ minutes). Options: BENCH_PAGES (default 5000),
 *   BENCH_RUNS (default 2).
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
 * - navigation: a generated 5,001-page site with every page in one sidebar against the same pages
 *   in tabs, and what a page's sidebar weighs whole or split (bench/navigation-size.ts, several
 *   minutes). Options: BENCH_NAVIGATION_PAGES, BENCH_NAVIGATION_RUNS, BENCH_NAVIGATION_QUIRE.
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
const pages = Number(process.env.BENCH_PAGES ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 2);
const quire = path.join(root, "bin", "quire.js");
const node = process.execPath;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function ensureVitepress(): void {
  if (existsSync(path.join(vitepressDir, "node_modules", "vitepress"))) return;
  log("Installing VitePress under bench/vitepress (not a dependency of Quire)…");
  // `npm install`, not `npm ci`: this npm leaves rollup's optional platform packages out of the
  // lock file and then refuses `npm ci`; the lock still pins every version that is installed.
  execFileSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: vitepressDir,
    stdio: "inherit",
  });
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
  return { ...result, archiveBytes: statSync(archive).size };
}

async function vitepressBuild(source: string): Promise<Measurement & { siteBytes: number }> {
  const dist = path.join(source, ".vitepress", "dist");
  rmSync(dist, { recursive: true, force: true });
  const binary = path.join(vitepressDir, "node_modules", "vitepress", "bin", "vitepress.js");
  const result = await measure(node, [binary, "build", source], { cwd: vitepressDir });
  if (result.exitCode !== 0)
    throw new Error(`vitepress build failed:\n${result.output.slice(-3000)}`);
  return { ...result, siteBytes: folderBytes(dist) };
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
  ensureVitepress();
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  log(`Generating a ${pages}-page site…`);
  const generated = generateSite(path.join(work, "generated"), pages);

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

  const quireCold: Measurement[] = [];
  const quireWarm: Measurement[] = [];
  const quireNoCache: Measurement[] = [];
  const vitepress: (Measurement & { siteBytes: number })[] = [];
  let quireArchive = 0;
  for (let run = 1; run <= runs; run++) {
    log(`Run ${run}/${runs}: Quire (cold cache, warm cache, no cache), then VitePress…`);
    const cacheDir = path.join(work, `cache-${run}`);
    const cold = await quireExport(generated.quireDir, cacheDir, `generated-${run}`);
    quireCold.push(cold);
    quireArchive = cold.archiveBytes;
    quireWarm.push(await quireExport(generated.quireDir, cacheDir, `generated-${run}-warm`));
    quireNoCache.push(await quireExport(generated.quireDir, undefined, `generated-${run}-nocache`));
    vitepress.push(await vitepressBuild(generated.vitepressDir));
  }

  const coldMs = median(quireCold.map((item) => item.wallMs));
  const warmMs = median(quireWarm.map((item) => item.wallMs));
  const noCacheMs = median(quireNoCache.map((item) => item.wallMs));
  const vitepressMs = median(vitepress.map((item) => item.wallMs));
  const quirePeak = Math.max(
    ...quireCold.map((item) => item.peakRssBytes),
    ...quireNoCache.map((item) => item.peakRssBytes),
  );
  const vitepressPeak = Math.max(...vitepress.map((item) => item.peakRssBytes));
  return `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}.
Medians of ${runs} runs; Quire and VitePress ${vitepress[0] ? "alternate" : "ran"} in the same run, so both see the same machine load. Wall time is the whole command, start-up included; peak memory is the highest resident memory of the process and all its threads and children, sampled every 50 ms.

## Generated site: ${generated.pages} pages

The same content for both tools (bench/generate-site.ts, seeded): per page about 600 words, a table, lists, two code blocks (js, ts, python, bash, json or yaml), callouts, steps, tabs, cards, an accordion and a parameter field; ${Math.ceil(pages / 250)} tabs of 10 groups of 25 pages. For VitePress the components become their nearest Markdown (containers, lists, headings, \`<details>\`).

| | Wall time | Pages per second | Peak memory | Output |
|---|---:|---:|---:|---:|
| Quire, first export (empty cache) | ${seconds(coldMs)} | ${(generated.pages / (coldMs / 1000)).toFixed(0)} | ${mb(quirePeak)} | ${mb(quireArchive)} (one .tar.gz) |
| Quire, re-export of the unchanged site (warm cache) | ${seconds(warmMs)} | ${(generated.pages / (warmMs / 1000)).toFixed(0)} | ${mb(Math.max(...quireWarm.map((item) => item.peakRssBytes)))} | same bytes |
| Quire, \`--no-cache\` | ${seconds(noCacheMs)} | ${(generated.pages / (noCacheMs / 1000)).toFixed(0)} | ${mb(Math.max(...quireNoCache.map((item) => item.peakRssBytes)))} | |
| VitePress 1.6.4 \`vitepress build\` | ${seconds(vitepressMs)} | ${(generated.pages / (vitepressMs / 1000)).toFixed(0)} | ${mb(vitepressPeak)} | ${mb(vitepress[0]?.siteBytes ?? 0)} (a folder, uncompressed) |

- Quire renders **${(vitepressMs / coldMs).toFixed(1)}×** as many pages per second as VitePress on a first export (goal: at least 2×), and ${(vitepressMs / warmMs).toFixed(1)}× on a re-export.
- Re-exporting the unchanged site is **${(coldMs / warmMs).toFixed(1)}×** faster than the first export (goal: at least 5×).
- Peak memory at ${generated.pages} pages: ${mb(quirePeak)} (goal: under 1 GB).

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
BENCH_ONLY=export npm run bench     # Quire against VitePress only (10+ minutes)
BENCH_ONLY=api npm run bench        # the admin API only (about 2 minutes; or npm run bench:api)
BENCH_ONLY=serve npm run bench      # quire serve against nginx (about 2 minutes; or npm run bench:serve)
BENCH_ONLY=openapi npm run bench    # API reference pages against Markdown pages (about a minute)
BENCH_ONLY=components npm run bench # pages with React components against the same without (several minutes; or npm run bench:components)
BENCH_ONLY=scale npm run bench      # PostgreSQL against SQLite, queue pick-up (about 3 minutes; or npm run bench:scale)
BENCH_ONLY=startup npm run bench    # quire --help from a checkout and from the packed package (a minute or two)
BENCH_ONLY=lastmod npm run bench    # sitemap dates: one git log against one per page (a few minutes)
BENCH_ONLY=navigation npm run bench # a 5,001-page site in one sidebar against the same in tabs (several minutes)
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

const startMarker = (section: Section): string => `<!-- bench:${section} start -->`;
const endMarker = (section: Section): string => `<!-- bench:${section} end -->`;

/** The sections an existing BENCHMARKS.md holds (one written before the markers is all export). */
function readSections(file: string): Map<Section, string> {
  const sections = new Map<Section, string>();
  if (!existsSync(file)) return sections;
  const text = readFileSync(file, "utf8");
  for (const section of SECTIONS) {
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

function document(sections: Map<Section, string>): string {
  const blocks = SECTIONS.filter((section) => sections.has(section)).map(
    (section) => `${startMarker(section)}\n${sections.get(section)}\n${endMarker(section)}\n`,
  );
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
}

await main();
