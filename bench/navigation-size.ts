/**
 * What a large sidebar costs: the same generated pages exported with every group in one
 * sidebar (100 pages a group, as a large OpenAPI reference is), spread over tabs (a 250-entry
 * sidebar each) and all in a single group (an OpenAPI reference without tags), alternately, so
 * a busy machine slows them alike. Reports each export's time, CPU and peak memory, and the
 * pages' HTML size. With the navigation in a shared file every shape should cost about what
 * the tabbed one does.
 * Options: BENCH_NAVIGATION_PAGES (default 5000), BENCH_NAVIGATION_RUNS (default 1),
 * BENCH_NAVIGATION_QUIRE (the quire.js to run; default this checkout's, e.g. an older checkout's
 * for a before/after figure). Alone: node bench/navigation-size.ts
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadSiteConfig } from "../src/exporter/site/load-config.ts";
import type { PageMeta } from "../src/exporter/site/page-index.ts";
import { RepoFiles } from "../src/exporter/site/repo-files.ts";
import { SIDEBAR_LIST_LIMIT, SIDEBAR_LIST_WINDOW } from "../src/exporter/theme/chrome/sidebar.ts";
import { renderPage } from "../src/exporter/theme/layout.ts";
import type { SiteLayoutData } from "../src/exporter/theme/layout-types.ts";
import { NavigationModel } from "../src/exporter/theme/navigation-view.ts";
import { buildSidebarScripts, SIDEBAR_INLINE_LIMIT } from "../src/exporter/theme/sidebar-script.ts";
import { generateSite, random, type SiteShape } from "./generate-site.ts";
import { measure, median } from "./measure.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface NavigationBenchmark {
  pages: number;
  runs: number;
  quire: string;
  /** A page's sidebar, whole and split, by the sidebar's number of entries (groups of 50). */
  weights: SidebarWeight[];
  shapes: {
    shape: SiteShape;
    wallMs: number;
    cpuMs: number;
    peakRssBytes: number;
    medianPageBytes: number;
    largestPageBytes: number;
    sidebarFileBytes: number;
    bundleBytes: number;
  }[];
  loadAverage: number;
}

export async function runNavigationBenchmark(
  log: (message: string) => void,
): Promise<NavigationBenchmark> {
  const pages = Number(process.env.BENCH_NAVIGATION_PAGES ?? 5000);
  const runs = Number(process.env.BENCH_NAVIGATION_RUNS ?? 1);
  const quire = path.resolve(process.env.BENCH_NAVIGATION_QUIRE ?? path.join(root, "bin/quire.js"));
  const work = path.join(os.tmpdir(), `quire-bench-navigation-${process.pid}`);
  const shapes: SiteShape[] = ["one-sidebar", "tabs", "one-group"];
  try {
    const sources = new Map(
      shapes.map((shape) => {
        log(`Generating a ${pages}-page site (${shape})…`);
        return [shape, generateSite(path.join(work, shape), pages, 42, shape).quireDir];
      }),
    );
    const samples = new Map<SiteShape, { wall: number[]; cpu: number[]; rss: number[] }>(
      shapes.map((shape) => [shape, { wall: [], cpu: [], rss: [] }]),
    );
    for (let run = 0; run < runs; run++) {
      // Alternate the order too: the second export of a round may find a warmer disk.
      for (const shape of run % 2 === 0 ? shapes : [...shapes].reverse()) {
        const outDir = path.join(work, `${shape}-out`);
        rmSync(outDir, { recursive: true, force: true });
        log(`Exporting ${shape}, run ${run + 1} of ${runs}…`);
        const result = await measure(process.execPath, [
          quire,
          "export",
          sources.get(shape) as string,
          "--out-dir",
          outDir,
          "--no-cache",
          "--quiet",
        ]);
        if (result.exitCode !== 0) throw new Error(`quire export failed:\n${result.output}`);
        const sample = samples.get(shape);
        sample?.wall.push(result.wallMs);
        sample?.cpu.push(result.cpuMs);
        sample?.rss.push(result.peakRssBytes);
      }
    }
    return {
      pages: pages + 1,
      runs,
      weights: sidebarWeights([50, 100, 200, 400, 800, 1600, 5000]),
      quire: path.relative(root, quire) || quire,
      shapes: shapes.map((shape) => {
        const outDir = path.join(work, `${shape}-out`);
        const sizes = pageSizes(outDir);
        const sample = samples.get(shape) ?? { wall: [], cpu: [], rss: [] };
        return {
          shape,
          wallMs: median(sample.wall),
          cpuMs: median(sample.cpu),
          peakRssBytes: Math.max(...sample.rss),
          medianPageBytes: median(sizes),
          largestPageBytes: Math.max(...sizes),
          sidebarFileBytes: sidebarFileBytes(outDir),
          bundleBytes: folderBytes(outDir),
        };
      }),
      loadAverage: os.loadavg()[0] ?? 0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface SidebarWeight {
  entries: number;
  /** The `<nav id="sidebar">` of a page in the middle group, raw and gzip-compressed. */
  whole: { raw: number; gzip: number };
  split: { raw: number; gzip: number };
  /** The shared script the split sidebar loads once for the whole site. */
  script: { raw: number; gzip: number };
}

/**
 * What one page's sidebar weighs with the sidebar whole in the page and with it split (the
 * page's own group in the page, the rest in the shared script), for sidebars of `sizes`
 * entries in groups of 50 pages with titles of three random words: the figures behind the limit.
 */
export function sidebarWeights(sizes: number[]): SidebarWeight[] {
  const folder = mkdtempSync(path.join(os.tmpdir(), "quire-bench-sidebar-"));
  const next = random(7);
  const words =
    "create list get update delete schedule job run webhook token project release".split(" ");
  const word = (): string => words[Math.floor(next() * words.length)] as string;
  try {
    return sizes.map((entries) => {
      const groups = Math.max(1, Math.round(entries / 51));
      const perGroup = Math.max(1, Math.round(entries / groups) - 1);
      const pages: PageMeta[] = [];
      const navigation = Array.from({ length: groups }, (_unused, group) => ({
        group: `Group number ${group}`,
        pages: Array.from({ length: perGroup }, (_page, index) => {
          const pagePath = `reference/group-${group}/operation-${index}`;
          pages.push({
            path: pagePath,
            file: `${pagePath}.mdx`,
            title: `${word()} ${word()} ${word()}`,
            hidden: false,
            noindex: false,
            keywords: [],
          });
          return pagePath;
        }),
      }));
      writeFileSync(
        path.join(folder, "docs.json"),
        JSON.stringify({
          name: "Weights",
          colors: { primary: "#2563EB" },
          navigation: { groups: navigation },
        }),
      );
      const { config } = loadSiteConfig(new RepoFiles(folder));
      const site: SiteLayoutData = {
        config,
        deployment: "cloud",
        pages: Object.fromEntries(pages.map((page) => [page.path, page])),
        assets: {
          css: "_quire/quire.0000000000.css",
          script: "_quire/quire.0000000000.js",
          katexCss: "_quire/katex/katex.min.css",
          mermaidScript: "_quire/mermaid.js",
          searchIndex: "_quire/search/index.js",
          islandsRuntime: "_quire/islands.js",
          siteCss: "_quire/site.0000000000.css",
        },
        configAssets: [],
        headHtml: "",
        inlineScripts: [],
        scriptOrigins: [],
        externalStylesheets: [],
        customStylesheets: [],
        customScripts: [],
      };
      const model = new NavigationModel(config.navigation, site.pages);
      const page = pages[Math.floor(pages.length / 2)] as PageMeta;
      const sidebarOf = (layout: SiteLayoutData): string => {
        const html = renderPage(
          layout,
          {
            page,
            body: { html: "", toc: [], features: { math: false, mermaid: false }, frontmatter: {} },
          },
          model.view(page.path),
        );
        return html.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)?.[0] ?? "";
      };
      const weigh = (text: string) => ({
        raw: Buffer.byteLength(text),
        gzip: gzipSync(text, { level: 6 }).length,
      });
      // Split whatever the limit: both ways are measured at every size.
      const { files } = buildSidebarScripts(site, model, 0);
      const scripts = Object.fromEntries(
        model.sidebarTrees().map((tree) => [tree.scope, files[0]?.path ?? ""]),
      );
      return {
        entries: groups * (perGroup + 1),
        whole: weigh(sidebarOf(site)),
        split: weigh(sidebarOf({ ...site, assets: { ...site.assets, sidebarScripts: scripts } })),
        script: weigh(String(files[0]?.content ?? "")),
      };
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The HTML size of every generated page (section-N/…), the home page and 404 left out. */
function pageSizes(outDir: string): number[] {
  const sizes: number[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.startsWith("page-") && entry.name.endsWith(".html"))
        sizes.push(statSync(full).size);
    }
  };
  walk(outDir);
  return sizes;
}

/** The shared sidebar files' bytes (`_quire/sidebar.*.js`), 0 where the export writes none. */
function sidebarFileBytes(outDir: string): number {
  try {
    return readdirSync(path.join(outDir, "_quire"))
      .filter((file) => file.startsWith("sidebar."))
      .reduce((total, file) => total + statSync(path.join(outDir, "_quire", file)).size, 0);
  } catch {
    return 0;
  }
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const SHAPE_NAMES: Record<SiteShape, string> = {
  "one-sidebar": "one sidebar (50+ groups of 100)",
  tabs: "tabs (250-entry sidebars)",
  "one-group": "one group of every page",
};

/** The navigation section of BENCHMARKS.md. */
export function navigationSection(result: NavigationBenchmark, machine: string): string {
  const rows = result.shapes.map(
    (row) =>
      `| ${SHAPE_NAMES[row.shape]} | ${seconds(row.wallMs)} | ${seconds(row.cpuMs)} | ${mb(row.peakRssBytes)} | ${kb(row.medianPageBytes)} | ${kb(row.largestPageBytes)} | ${kb(row.sidebarFileBytes)} | ${mb(row.bundleBytes)} |`,
  );
  const weights = result.weights.map(
    (row) =>
      `| ${row.entries} | ${kb(row.whole.raw)} (${kb(row.whole.gzip)}) | ${kb(row.split.raw)} (${kb(row.split.gzip)}) | ${kb(row.script.raw)} (${kb(row.script.gzip)}) |`,
  );
  const byShape = (shape: SiteShape) => result.shapes.find((row) => row.shape === shape);
  const tabs = byShape("tabs");
  const ratio = (
    shape: SiteShape,
    pick: (row: NavigationBenchmark["shapes"][number]) => number,
  ): string => {
    const row = byShape(shape);
    return row && tabs ? (pick(row) / pick(tabs)).toFixed(2) : "?";
  };
  return `## Navigation size (bench/navigation-size.ts)

${result.pages} generated pages exported by \`${result.quire}\` (\`--no-cache\`, median of ${result.runs} run(s), the shapes alternated), ${machine}, load average ${result.loadAverage.toFixed(1)}.

| Shape | Wall time | CPU time | Peak memory | Median page HTML | Largest page HTML | Shared sidebar files | Unpacked bundle |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

One sidebar against tabs: CPU time ${ratio("one-sidebar", (row) => row.cpuMs)}×, wall time ${ratio("one-sidebar", (row) => row.wallMs)}×. One group against tabs: CPU time ${ratio("one-group", (row) => row.cpuMs)}×, wall time ${ratio("one-group", (row) => row.wallMs)}×.

What one page's sidebar weighs (raw, and gzip-compressed in brackets), whole in the page or split (the page's own group in the page, every other group's entries in the shared script, loaded once for the site), for sidebars in groups of 50 entries. Sidebars of more than ${SIDEBAR_INLINE_LIMIT} entries are split, and in a split sidebar a list (a group's entries, or the top level) of more than ${SIDEBAR_LIST_LIMIT} entries keeps ${SIDEBAR_LIST_WINDOW} of them around the page.

| Entries | Whole in the page | Split: in the page | Split: shared script |
|---|---|---|---|
${weights.join("\n")}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const result = await runNavigationBenchmark(log);
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    `${navigationSection(result, `${os.cpus().length} × ${cpu}, Node ${process.version}`)}\n`,
  );
}
