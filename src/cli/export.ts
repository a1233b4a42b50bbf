import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { formatBytes } from "../common/format-bytes.ts";
import { plural } from "../common/plural.ts";
import { defaultExportCacheDir } from "../config/cache-directory.ts";
import {
  assistantEndpoint,
  COMPONENT_MODES,
  type ComponentMode,
  type DeploymentType,
  ExportFailedError,
  type ExportProgress,
  exportSite,
  formatProblem,
  type Problem,
} from "../exporter/index.ts";
import { openExportCache } from "./export-cache.ts";
import { exportTimestamp } from "./export-timestamp.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";
import { UsageError } from "./usage-error.ts";
import { ensureWritableFolder } from "./writable-folder.ts";

export const DEPLOYMENTS: DeploymentType[] = ["cloud", "client-hosted", "air-gapped"];
/** Warnings printed in full; the rest are counted (all are in quire-export.json). */
const WARNINGS_SHOWN = 25;

interface ExportFlags {
  output?: string;
  outDir?: string;
  deployment: string;
  playground?: boolean;
  assistant?: string;
  components: string;
  paths?: string;
  siteUrl?: string;
  cleanUrls?: boolean;
  cache: boolean;
  cacheDir?: string;
  concurrency?: string;
  json?: boolean;
  quiet?: boolean;
  exportAllowHosts?: string;
  strict?: boolean;
  exportFeedbackUrl?: string;
  repositoryUrl?: string;
  repositoryRef?: string;
  mcpUrl?: string;
}

export function registerExportCommand(program: Command): void {
  const command = program
    .command("export")
    .description(
      "Export a Mintlify-format docs folder (docs.json or mint.json) as one static bundle, locally, with no server.",
    )
    .argument("<DOCS_DIR>", "the documentation folder, holding docs.json or mint.json")
    .option(
      "-o, --output <FILE.tar.gz>",
      "where to write the bundle (default: <folder name>.tar.gz in the current folder)",
    )
    .option(
      "--out-dir <DIR>",
      "also write the unpacked site into this empty folder (no archive unless -o is given)",
    )
    .option("--deployment <TYPE>", `feature set of the bundle: ${DEPLOYMENTS.join(", ")}`, "cloud")
    .option(
      "--playground",
      "keep the API playground (Try it) in an air-gapped bundle; it then only calls the servers the OpenAPI specification names or the reader types",
    )
    .option(
      "--assistant <ENDPOINT>",
      "offer readers an AI assistant (Ask AI) answering from these pages: same-origin (quire serve answers, with its model settings) or the URL of the operator's own endpoint; none by default",
    )
    .option(
      "--components <MODE>",
      "the repository's own React components: interactive (rendered, and working in the page with a small bundled runtime), static (rendered HTML only, no component code in the bundle) or off (left empty)",
      "interactive",
    )
    .option(
      "--paths <LIST>",
      "export only these pages: comma-separated page paths or folder prefixes ending in /",
    )
    .option(
      "--site-url <URL>",
      "absolute URL the site will be served from, for canonical URLs, og:url, structured data, sitemap.xml and robots.txt (default: docs.json's seo.metatags.canonical)",
    )
    .option(
      "--clean-urls",
      "write each page as PATH/index.html, which any static host serves at /PATH, instead of PATH.html",
    )
    .option(
      "--repository-url <URL>",
      'the docs repository\'s web address (https://github.com/acme/docs): pages link to "Suggest edits" and "Raise issue" there',
    )
    .option(
      "--repository-ref <BRANCH>",
      "the branch the edit links open (default: the repository's default branch)",
    )
    .option(
      "--mcp-url <URL>",
      "your MCP server's address, for the page menu's MCP options (mcp, add-mcp, cursor, vscode)",
    )
    .option(
      "--cache-dir <DIR>",
      `export cache, one folder per site inside (default: ${defaultExportCacheDir()}; see quire cache)`,
    )
    .option("--no-cache", "render every page again, ignoring and not writing the cache")
    .option("--concurrency <N>", "render threads (default: one per core for large sites)")
    .option(
      "--strict",
      "warnings fail the export too (exit code 1), and it leaves no bundle or files behind",
    )
    .option("--json", "print the result as JSON (no progress bar)")
    .option("-q, --quiet", "print nothing but errors")
    .addHelpText(
      "after",
      "\nExamples:\n  quire export ./docs -o site.tar.gz\n  quire export ./docs --out-dir public --deployment air-gapped\n  quire export ./docs --export-allow-hosts specs.internal,10.20.0.0/16\n\nExit codes: 0 exported, 1 the export failed (errors, and warnings with --strict, are listed as file:line:column message), 2 wrong usage.",
    );
  // OpenAPI specifications given as URLs come from public hosts only, unless allowed here.
  addSettingOptions(command, ["exportAllowHosts", "exportFeedbackUrl", "exportCacheMaxMb"]).action(
    async (docsDir: string, flags: ExportFlags) => {
      process.exitCode = await runExport(docsDir, flags);
    },
  );
}

async function runExport(docsDir: string, flags: ExportFlags): Promise<number> {
  if (!existsSync(docsDir) || !statSync(docsDir).isDirectory())
    throw new UsageError(`DOCS_DIR "${docsDir}" is not a folder`);
  if (!DEPLOYMENTS.includes(flags.deployment as DeploymentType)) {
    throw new UsageError(
      `--deployment must be one of ${DEPLOYMENTS.join(", ")}, not "${flags.deployment}"`,
    );
  }
  if (!COMPONENT_MODES.includes(flags.components as ComponentMode)) {
    throw new UsageError(
      `--components must be one of ${COMPONENT_MODES.join(", ")}, not "${flags.components}"`,
    );
  }
  const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
  if (
    concurrency !== undefined &&
    (!Number.isInteger(concurrency) || concurrency < 0 || concurrency > 64)
  ) {
    throw new UsageError(
      `--concurrency must be a whole number from 0 to 64, not "${flags.concurrency}"`,
    );
  }
  if (flags.assistant !== undefined) {
    const endpoint = assistantEndpoint(flags.assistant, flags.deployment as DeploymentType);
    if ("problem" in endpoint) throw new UsageError(`--assistant ${endpoint.problem}`);
  }
  if (flags.siteUrl && !/^https?:\/\/[^/]+/.test(flags.siteUrl))
    throw new UsageError(`--site-url must be an absolute http(s) URL, not "${flags.siteUrl}"`);
  const archiveFile =
    flags.output ??
    (flags.outDir ? undefined : `${path.basename(path.resolve(docsDir)) || "site"}.tar.gz`);
  if (archiveFile && !archiveFile.endsWith(".tar.gz") && !archiveFile.endsWith(".tgz")) {
    throw new UsageError(`-o must name a .tar.gz file, not "${archiveFile}"`);
  }
  for (const [flag, value] of [
    ["--repository-url", flags.repositoryUrl],
    ["--mcp-url", flags.mcpUrl],
  ] as const)
    if (value !== undefined && !/^https?:\/\/[^/]+/.test(value))
      throw new UsageError(`${flag} must be an absolute http(s) URL, not "${value}"`);
  if (flags.repositoryRef !== undefined && !flags.repositoryUrl)
    throw new UsageError("--repository-ref needs --repository-url");
  const { exportAllowHosts, exportFeedbackUrl, exportCacheMaxMb } = configFromFlags({ ...flags }, [
    "exportAllowHosts",
    "exportFeedbackUrl",
    "exportCacheMaxMb",
  ]);
  // Checked before the work starts, so an unwritable destination costs no export.
  if (archiveFile)
    ensureWritableFolder(path.dirname(path.resolve(archiveFile)), "the folder of the archive, -o");
  if (flags.outDir) {
    const outDir = path.resolve(flags.outDir);
    if (existsSync(outDir)) ensureWritableFolder(outDir, "the output folder, --out-dir");
    else ensureWritableFolder(path.dirname(outDir), "the folder of --out-dir");
  }
  const cache = flags.cache
    ? openExportCache(docsDir, flags.cacheDir, flags.quiet === true)
    : undefined;
  // Cache entries this export writes or reads are marked used after this.
  const cacheUseStart = Date.now();

  const interactive = !flags.json && !flags.quiet && process.stderr.isTTY === true;
  const bar = interactive
    ? new SingleBar({
        format: " {phase} [{bar}] {value}/{total} pages",
        barsize: 30,
        hideCursor: true,
        clearOnComplete: true,
      })
    : undefined;
  let barStarted = false;
  const onProgress = (progress: ExportProgress): void => {
    if (!bar) return;
    if (!barStarted && progress.pagesTotal > 0) {
      bar.start(progress.pagesTotal, progress.pagesDone, { phase: progress.phase.padEnd(9) });
      barStarted = true;
    } else if (barStarted) {
      bar.update(progress.pagesDone, { phase: progress.phase.padEnd(9) });
    }
  };

  try {
    const result = await exportSite({
      sourceDir: docsDir,
      archiveFile,
      outputDir: flags.outDir,
      deployment: flags.deployment as DeploymentType,
      playground: flags.playground === true,
      ...(flags.assistant !== undefined ? { assistant: flags.assistant } : {}),
      allowHosts: [...exportAllowHosts],
      components: flags.components as ComponentMode,
      paths: flags.paths
        ?.split(",")
        .map((item) => item.trim())
        .filter(Boolean),
      siteUrl: flags.siteUrl,
      ...(exportFeedbackUrl ? { feedbackUrl: exportFeedbackUrl } : {}),
      ...(flags.repositoryUrl
        ? {
            repository: {
              url: flags.repositoryUrl,
              ...(flags.repositoryRef ? { ref: flags.repositoryRef } : {}),
            },
          }
        : {}),
      ...(flags.mcpUrl ? { mcpUrl: flags.mcpUrl } : {}),
      cleanUrls: flags.cleanUrls === true,
      createdAt: await exportTimestamp(docsDir),
      cacheDir: cache?.siteDirectory,
      concurrency,
      strict: flags.strict === true,
      onProgress,
    });
    if (barStarted) bar?.stop();
    if (flags.json) {
      process.stdout.write(
        `${JSON.stringify({ pageCount: result.pageCount, warnings: result.warnings, archive: result.archive ?? null, outputDir: flags.outDir ? result.outputDir : null, components: result.manifest.components, durationMs: result.durationMs }, null, 2)}\n`,
      );
      return 0;
    }
    if (!flags.quiet) {
      printWarnings(result.warnings);
      printComponentPages(result.manifest.components.pages);
      const size = result.archive ? `, ${formatBytes(result.archive.sizeBytes)}` : "";
      const where = [result.archive?.path, flags.outDir ? result.outputDir : undefined]
        .filter(Boolean)
        .join(" and ");
      const cached =
        result.pagesFromCache > 0 ? ` (${result.pagesFromCache} unchanged, from cache)` : "";
      process.stderr.write(
        `Exported ${plural(result.pageCount, "page")}${cached}, ${plural(result.warnings.length, "warning")}${size}, in ${(result.durationMs / 1000).toFixed(1)} s → ${where}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (barStarted) bar?.stop();
    if (error instanceof ExportFailedError) {
      if (flags.json) {
        process.stdout.write(
          `${JSON.stringify({ error: error.message, problems: error.problems }, null, 2)}\n`,
        );
      } else {
        for (const problem of error.problems) {
          const prefix = problem.severity === "warning" ? "warning: " : "";
          process.stderr.write(`${prefix}${formatProblem(problem)}\n`);
        }
        process.stderr.write(`quire: ${error.message}\n`);
      }
      return 1;
    }
    throw error;
  } finally {
    const pruned = cache?.prune(exportCacheMaxMb, cacheUseStart);
    if (pruned && pruned.removedRecent > 0 && !flags.quiet)
      process.stderr.write(
        `quire: warning: the export cache holds at most ${exportCacheMaxMb} MB, less than this site needs: ${plural(pruned.removedRecent, "entry", "entries")} this export wrote or read had to be removed, and the next export renders their pages again (raise the cap with --cache-max or QUIRE_EXPORT_CACHE_MAX)\n`,
      );
  }
}

/** Pages shown by name in the report of which pages carry component code. */
const COMPONENT_PAGES_SHOWN = 10;

/** Which pages ship repository component code (all of them are listed in quire-export.json). */
function printComponentPages(pages: string[]): void {
  if (pages.length === 0) return;
  const shown = pages.slice(0, COMPONENT_PAGES_SHOWN).join(", ");
  const more =
    pages.length > COMPONENT_PAGES_SHOWN ? ` and ${pages.length - COMPONENT_PAGES_SHOWN} more` : "";
  process.stderr.write(
    `Component code (interactive React components) on ${plural(pages.length, "page")}: ${shown}${more}\n`,
  );
}

function printWarnings(warnings: Problem[]): void {
  if (warnings.length === 0) return;
  const byRule = new Map<string, number>();
  for (const warning of warnings) byRule.set(warning.rule, (byRule.get(warning.rule) ?? 0) + 1);
  for (const warning of warnings.slice(0, WARNINGS_SHOWN))
    process.stderr.write(`warning: ${formatProblem(warning)}\n`);
  if (warnings.length > WARNINGS_SHOWN) {
    process.stderr.write(
      `… and ${plural(warnings.length - WARNINGS_SHOWN, "more warning", "more warnings")} (all are listed in quire-export.json)\n`,
    );
  }
  const summary = [...byRule].map(([rule, count]) => `${count} ${rule}`).join(", ");
  process.stderr.write(`Warnings by kind: ${summary}\n`);
}
