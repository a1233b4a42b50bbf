/**
 * Repository React components against the same pages without them: a generated site of
 * BENCH_COMPONENT_PAGES pages (default 2,000; bench/generate-site.ts for the Markdown, seeded)
 * where every page imports a shared snippet component (`RelatedLinks` from
 * /snippets/related.jsx, given 3–5 links to other pages) and defines an inline component with
 * a hook (`Stat`, used once with its own props), exported beside the identical site with the
 * import, the export and the two elements taken out. Each is exported by `quire export` as a
 * child process with no cache, alternating the two so machine noise hits both, for
 * BENCH_COMPONENT_RUNS runs (default 3), then once more each on a warm cache.
 * Goals: the components' site in at most 1.5× the time of the other, and under 800 MB of memory.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { x as untar } from "tar";
import { generateSite, random } from "./generate-site.ts";
import { type Measurement, measure, median } from "./measure.ts";

const PAGES = Number(process.env.BENCH_COMPONENT_PAGES ?? 2000);
const RUNS = Number(process.env.BENCH_COMPONENT_RUNS ?? 3);
const GOAL_RATIO = 1.5;
const GOAL_MEMORY = 800 * 1024 ** 2;
const SEED = 7;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quire = path.join(root, "bin", "quire.js");

type Variant = "with" | "without";

export interface VariantResult {
  /** `--no-cache` exports, one per run. */
  noCache: Measurement[];
  /** The second of two exports with the same fresh `--cache-dir`, or undefined if skipped. */
  warm: Measurement | undefined;
  bundleBytes: number;
  htmlPages: number;
  /** Pages whose HTML loads component code (`data-quire-island` or `_quire/components`). */
  pagesWithComponentCode: number;
  /** Pages whose HTML holds the components' rendered output (the related links' list). */
  pagesWithRenderedComponents: number;
}

export interface ComponentsBenchmark {
  pages: number;
  runs: number;
  with: VariantResult;
  without: VariantResult;
  wallSeconds: number;
  /** The machine's 1-minute load average before and after. */
  loadBefore: number;
  loadAfter: number;
}

const SNIPPET = `/* "Read next" links with badges, shared by every page; each page gives its own list. */
const BADGES = {
  new: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  beta: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  pro: "bg-indigo-100 text-indigo-800 dark:bg-indigo-900/40 dark:text-indigo-200",
};

const badgeClass = (badge) =>
  \`rounded-full px-2 py-0.5 text-xs font-medium \${BADGES[badge.toLowerCase()] ?? BADGES.new}\`;

export const RelatedLinks = ({ heading = "Related pages", links = [] }) => (
  <nav className="related-links not-prose mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-700" aria-label={heading}>
    <p className="mb-2 text-sm font-semibold">{heading}</p>
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.href} className="flex items-center gap-2">
          <a href={link.href} className="font-medium text-indigo-600 hover:underline dark:text-indigo-300">
            {link.title}
          </a>
          {link.badge ? <span className={badgeClass(link.badge)}>{link.badge}</span> : null}
        </li>
      ))}
    </ul>
  </nav>
);
`;

const IMPORT = "import { RelatedLinks } from '/snippets/related.jsx';";
const STAT = `export const Stat = ({ label, value }) => {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-lg border p-4 min-w-[8rem]">
      <button onClick={() => setOpen(!open)}>{label}</button>
      {open ? <p>{value}</p> : null}
    </div>
  );
};`;

const LABELS = [
  "Runs per day",
  "Median latency",
  "Success rate",
  "Retries",
  "Queued jobs",
  "Active workers",
  "Webhooks sent",
  "Error budget",
];
const BADGE_NAMES = ["New", "Beta", "Pro", undefined, undefined];

/** Page paths (without .mdx) of a generated site, index first. */
function pagePaths(siteDir: string): string[] {
  return readdirSync(siteDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => file.slice(0, -".mdx".length))
    .sort();
}

/** Inserts `block` (with blank lines around it) before the first line equal to `heading`, or at the end. */
function insertBefore(text: string, heading: string, block: string): string {
  const at = text.indexOf(`\n${heading}\n`);
  if (at < 0) return `${text.trimEnd()}\n\n${block}\n`;
  return `${text.slice(0, at)}\n${block}\n${text.slice(at)}`;
}

/**
 * Turns a copy of a generated Quire site into the components' site: the snippet, and on every
 * page the import, the inline component's definition, and one element of each, at positions
 * that vary from page to page. The rest of each page is byte for byte the other site's.
 */
function addComponents(siteDir: string): number {
  const next = random(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  writeFileSync(path.join(siteDir, "snippets", "related.jsx"), SNIPPET);
  const pages = pagePaths(siteDir).filter((page) => !page.startsWith("snippets/"));
  const texts = pages.map((page) => readFileSync(path.join(siteDir, `${page}.mdx`), "utf8"));
  const titles = texts.map((text) => /^title: (.*)$/m.exec(text)?.[1] ?? "Untitled");
  for (const [index, page] of pages.entries()) {
    let text = texts[index] as string;
    const frontmatter = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? "";
    text = `${frontmatter}\n${IMPORT}\n\n${STAT}\n${text.slice(frontmatter.length)}`;

    // 3–5 distinct other pages, mostly near this one (as a section's "read next" would be).
    const targets = new Set<number>();
    const count = Math.min(3 + Math.floor(next() * 3), pages.length - 1);
    while (targets.size < count) {
      const step = next() < 0.7 ? 1 + Math.floor(next() * 30) : Math.floor(next() * pages.length);
      const other = (index + step) % pages.length;
      if (other !== index) targets.add(other);
    }
    const links = [...targets].map((other) => {
      const badge = pick(BADGE_NAMES);
      return `    { title: "${titles[other]}", href: "/${pages[other]}"${badge ? `, badge: "${badge}"` : ""} },`;
    });
    const related = `<RelatedLinks\n  links={[\n${links.join("\n")}\n  ]}\n/>`;
    const stat = `<Stat label="${pick(LABELS)}" value="${Math.floor(next() * 10000).toLocaleString("en-US")}" />`;
    // The stat in one of three places, the links at the end or before "## Details".
    text = insertBefore(text, pick(["## Overview", "## Configuration", "## Details"]), stat);
    text =
      next() < 0.6
        ? `${text.trimEnd()}\n\n${related}\n`
        : insertBefore(text, "## Details", related);
    writeFileSync(path.join(siteDir, `${page}.mdx`), text);
  }
  return pages.length;
}

/** Writes the two sites under `outDir`: `with/` (the components) and `without/` (the same Markdown). */
export function generateComponentSites(
  outDir: string,
  pageCount: number,
): { with: string; without: string; pages: number } {
  const generated = generateSite(path.join(outDir, "generated"), pageCount);
  rmSync(generated.vitepressDir, { recursive: true, force: true });
  const sites = { without: path.join(outDir, "without"), with: path.join(outDir, "with") };
  for (const site of Object.values(sites)) {
    rmSync(site, { recursive: true, force: true });
    cpSync(generated.quireDir, site, { recursive: true });
  }
  rmSync(path.join(outDir, "generated"), { recursive: true, force: true });
  mkdirSync(path.join(sites.with, "snippets"), { recursive: true });
  return { ...sites, pages: addComponents(sites.with) };
}

async function exportOnce(
  siteDir: string,
  archive: string,
  cacheDir?: string,
): Promise<Measurement> {
  const args = [
    quire,
    "export",
    siteDir,
    "-o",
    archive,
    "--quiet",
    ...(cacheDir ? ["--cache-dir", cacheDir] : ["--no-cache"]),
  ];
  const result = await measure(process.execPath, args, { cwd: root });
  if (result.exitCode !== 0)
    throw new Error(
      `quire export ${siteDir} failed (exit ${result.exitCode}):\n${result.output.slice(-4000)}`,
    );
  return result;
}

/** Unpacks a bundle and counts its HTML pages, those loading component code, and those with the rendered links. */
async function inspect(
  archive: string,
  into: string,
): Promise<
  Pick<VariantResult, "htmlPages" | "pagesWithComponentCode" | "pagesWithRenderedComponents">
> {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  await untar({ file: archive, cwd: into });
  let htmlPages = 0;
  let pagesWithComponentCode = 0;
  let pagesWithRenderedComponents = 0;
  for (const file of readdirSync(into, { recursive: true }).map(String)) {
    if (!file.endsWith(".html")) continue;
    const html = readFileSync(path.join(into, file), "utf8");
    htmlPages++;
    if (html.includes("data-quire-island") || html.includes("_quire/components"))
      pagesWithComponentCode++;
    if (html.includes("related-links")) pagesWithRenderedComponents++;
  }
  return { htmlPages, pagesWithComponentCode, pagesWithRenderedComponents };
}

export async function runComponentsBenchmark(
  log: (message: string) => void,
): Promise<ComponentsBenchmark> {
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-bench-components-"));
  try {
    log(`Generating a ${PAGES}-page site, with and without components…`);
    const { pages, ...sites } = generateComponentSites(work, PAGES);

    const results: Record<Variant, VariantResult> = {
      with: {
        noCache: [],
        warm: undefined,
        bundleBytes: 0,
        htmlPages: 0,
        pagesWithComponentCode: 0,
        pagesWithRenderedComponents: 0,
      },
      without: {
        noCache: [],
        warm: undefined,
        bundleBytes: 0,
        htmlPages: 0,
        pagesWithComponentCode: 0,
        pagesWithRenderedComponents: 0,
      },
    };
    const order: Variant[] = ["with", "without"];
    for (let run = 1; run <= RUNS; run++) {
      // Alternate which goes first, so neither always follows the other's garbage on the disk cache.
      for (const variant of run % 2 ? order : [...order].reverse()) {
        const archive = path.join(work, `${variant}.tar.gz`);
        const result = await exportOnce(sites[variant], archive);
        results[variant].noCache.push(result);
        results[variant].bundleBytes = statSync(archive).size;
        log(
          `components run ${run}/${RUNS}: ${variant} components ${(result.wallMs / 1000).toFixed(1)} s (CPU ${(result.cpuMs / 1000).toFixed(1)} s), ${(result.peakRssBytes / 1024 ** 2).toFixed(0)} MB`,
        );
      }
    }
    for (const variant of order) {
      Object.assign(
        results[variant],
        await inspect(path.join(work, `${variant}.tar.gz`), path.join(work, `${variant}-site`)),
      );
      rmSync(path.join(work, `${variant}-site`), { recursive: true, force: true });
    }
    if (process.env.BENCH_COMPONENT_WARM !== "0") {
      for (const variant of order) {
        const cacheDir = path.join(work, `cache-${variant}`);
        const archive = path.join(work, `${variant}-warm.tar.gz`);
        await exportOnce(sites[variant], archive, cacheDir);
        results[variant].warm = await exportOnce(sites[variant], archive, cacheDir);
        log(
          `components warm cache: ${variant} components ${(results[variant].warm.wallMs / 1000).toFixed(1)} s (CPU ${(results[variant].warm.cpuMs / 1000).toFixed(1)} s)`,
        );
      }
    }
    return {
      pages,
      runs: RUNS,
      ...results,
      wallSeconds: (performance.now() - started) / 1000,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? 0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const mb = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export function componentsSection(result: ComponentsBenchmark, machine: string): string {
  const mid = (variant: Variant, key: "wallMs" | "cpuMs" | "peakRssBytes"): number =>
    median(result[variant].noCache.map((item) => item[key]));
  const highest = Math.max(
    ...result.with.noCache.map((item) => item.peakRssBytes),
    result.with.warm?.peakRssBytes ?? 0,
  );
  const ratio = mid("with", "wallMs") / mid("without", "wallMs");
  const cpuRatio = mid("with", "cpuMs") / mid("without", "cpuMs");
  const met = (ok: boolean): string => (ok ? "met" : "**not met**");
  const row = (variant: Variant, name: string): string => {
    const item = result[variant];
    const wall = mid(variant, "wallMs");
    const warm = item.warm
      ? `${seconds(item.warm.wallMs)} (CPU ${seconds(item.warm.cpuMs)})`
      : "not run";
    return `| ${name} | ${seconds(wall)} | ${(result.pages / (wall / 1000)).toFixed(0)} | ${seconds(mid(variant, "cpuMs"))} | ${mb(mid(variant, "peakRssBytes"))} | ${mb(item.bundleBytes)} | ${warm} | ${item.pagesWithComponentCode} of ${item.htmlPages} |`;
  };
  const runs = result.with.noCache
    .map((item, index) => {
      const other = result.without.noCache[index];
      return `${seconds(item.wallMs)} / ${other ? seconds(other.wallMs) : "?"}`;
    })
    .join(", ");
  const interactive = result.with.pagesWithComponentCode;
  return [
    "## Repository components",
    "",
    `Measured by \`BENCH_ONLY=components npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; the benchmark took ${result.wallSeconds.toFixed(0)} s, with the machine's 1-minute load average at ${result.loadBefore.toFixed(1)} when it started and ${result.loadAfter.toFixed(1)} when it ended (other work shares these cores).`,
    `A generated site of ${result.pages} pages (bench/generate-site.ts, seeded) where every page imports a shared snippet component, \`RelatedLinks\` from /snippets/related.jsx, and gives it 3–5 links with badges to other pages, and defines an inline component with a hook (\`Stat\`, \`useState\`, Tailwind classes) that it uses once with its own props; the two elements sit at places that vary from page to page. The other site is the same Markdown with the import, the definition and the two elements taken out. Each export is \`quire export DIR -o FILE.tar.gz --no-cache\` as a child process (bench/components.ts); the two sites alternate, ${result.runs} runs each, and the figures are medians. Wall time is the whole command, start-up included; CPU time (user and system) and peak memory (highest resident memory) are of the process and all its threads and children, sampled every 50 ms. The warm-cache column is a second export into the same fresh \`--cache-dir\`.`,
    "",
    "| | Wall time (no cache) | Pages per second | CPU time | Peak memory | Bundle | Warm cache | Pages loading component code |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    row("with", "With the two components on every page"),
    row("without", "Same Markdown without them"),
    "",
    `- The components' site exports in **${ratio.toFixed(2)}×** the time of the same site without them (goal: at most ${GOAL_RATIO}×: ${met(ratio <= GOAL_RATIO)}), and ${cpuRatio.toFixed(2)}× the CPU time, which depends less on the machine's other work. Wall times run by run (with / without): ${runs}.`,
    `- Peak memory with the components: **${mb(highest)}**, the highest of its exports (goal: under 800 MB: ${met(highest < GOAL_MEMORY)}).`,
    `- The components rendered on ${result.with.pagesWithRenderedComponents} of ${result.with.htmlPages} pages; ${interactive > 0 ? `${interactive} pages load component code (\`data-quire-island\` or \`_quire/components\`), so the figures include the interactive runtime.` : "no page loads component code yet (no `data-quire-island` or `_quire/components` in the HTML): the figures are for rendering the components to static HTML only."}`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // For profiling: `node bench/components.ts OUT_DIR [PAGES]` writes OUT_DIR/with and OUT_DIR/without.
  const [outDir, count] = process.argv.slice(2);
  if (!outDir) {
    process.stderr.write("usage: node bench/components.ts OUT_DIR [PAGES]\n");
    process.exit(2);
  }
  process.stdout.write(
    `${JSON.stringify(generateComponentSites(outDir, count ? Number(count) : PAGES))}\n`,
  );
}
