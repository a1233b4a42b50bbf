import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import { type DeploymentType, validateSite } from "../exporter/index.ts";
import { CHECK_FORMATS, type CheckFormat, checkFails, formatCheckReport } from "./check-report.ts";
import { DEPLOYMENTS } from "./export.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";
import { UsageError } from "./usage-error.ts";

interface CheckFlags {
  strict?: boolean;
  format: string;
  deployment: string;
  exportAllowHosts?: string;
}

/** A run shorter than this shows no progress bar: it would only flicker. */
const PROGRESS_AFTER_MS = 1000;

export function registerCheckCommand(program: Command): void {
  const command = program
    .command("check")
    .description(
      "Check a docs folder as an export would (docs.json, navigation, MDX, components, links and anchors, OpenAPI), writing nothing.",
    )
    .argument("[DOCS_DIR]", "the documentation folder, holding docs.json or mint.json", ".")
    .option("--strict", "warnings fail the check too (exit code 1)")
    .option("--format <FORMAT>", `how to write the problems: ${CHECK_FORMATS.join(", ")}`, "text")
    .option(
      "--deployment <TYPE>",
      `check for this feature set, as the export would: ${DEPLOYMENTS.join(", ")}`,
      "cloud",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  quire check\n  quire check ./docs --strict\n  quire check docs --strict --format github    # in a GitHub Actions step\n  quire check docs --format json > problems.json\n\nExit codes: 0 no problem that fails (warnings are listed), 1 an error (or, with --strict, a warning), 2 wrong usage or the folder is not a docs site.",
    );
  addSettingOptions(command, ["exportAllowHosts"]).action(
    async (docsDir: string, flags: CheckFlags) => {
      process.exitCode = await runCheck(docsDir, flags);
    },
  );
}

async function runCheck(docsDir: string, flags: CheckFlags): Promise<number> {
  if (!existsSync(docsDir) || !statSync(docsDir).isDirectory())
    throw new UsageError(`DOCS_DIR "${docsDir}" is not a folder`);
  if (!["docs.json", "mint.json"].some((name) => existsSync(path.join(docsDir, name)))) {
    throw new UsageError(
      `DOCS_DIR "${docsDir}" is not a docs site: it has no docs.json (or legacy mint.json)`,
    );
  }
  if (!CHECK_FORMATS.includes(flags.format as CheckFormat)) {
    throw new UsageError(
      `--format must be one of ${CHECK_FORMATS.join(", ")}, not "${flags.format}"`,
    );
  }
  if (!DEPLOYMENTS.includes(flags.deployment as DeploymentType)) {
    throw new UsageError(
      `--deployment must be one of ${DEPLOYMENTS.join(", ")}, not "${flags.deployment}"`,
    );
  }
  const { exportAllowHosts } = configFromFlags({ ...flags }, ["exportAllowHosts"]);

  const progress = progressBar();
  let validation: Awaited<ReturnType<typeof validateSite>>;
  try {
    validation = await validateSite({
      sourceDir: docsDir,
      deployment: flags.deployment as DeploymentType,
      allowHosts: [...exportAllowHosts],
      matchExport: true,
      onPageChecked: progress?.update,
    });
  } finally {
    progress?.stop();
  }
  const outcome = {
    docsDir,
    problems: validation.findings,
    pageCount: validation.pageCount,
    strict: flags.strict === true,
  };
  process.stdout.write(formatCheckReport(outcome, flags.format as CheckFormat));
  return checkFails(outcome) ? 1 : 0;
}

/**
 * Pages checked so far, on stderr, when it is a terminal and the run lasts: the results go to
 * stdout, which a CI or a pipe reads.
 */
function progressBar():
  | { update: (checked: number, total: number) => void; stop: () => void }
  | undefined {
  if (process.stderr.isTTY !== true) return undefined;
  const started = performance.now();
  const bar = new SingleBar({
    format: " checking [{bar}] {value}/{total} pages",
    barsize: 30,
    hideCursor: true,
    clearOnComplete: true,
    stream: process.stderr,
  });
  let shown = false;
  return {
    update: (checked, total) => {
      if (!shown && performance.now() - started < PROGRESS_AFTER_MS) return;
      if (!shown) bar.start(total, checked);
      else bar.update(checked);
      shown = true;
    },
    stop: () => {
      if (shown) bar.stop();
    },
  };
}
