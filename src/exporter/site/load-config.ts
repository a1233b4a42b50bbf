import { ExportFailedError, type Problem } from "../problems.ts";
import { ConfigChecker } from "./config/checker.ts";
import { readDocsJson } from "./config/docs-json.ts";
import { readMintJson } from "./config/mint-json.ts";
import { parseJsonFile } from "./config/read-json.ts";
import { resolveRefs } from "./config/resolve-refs.ts";
import { ConfigSources } from "./config/sources.ts";
import { RepoFileError, type RepoFiles } from "./repo-files.ts";
import type { SiteConfig } from "./types.ts";

/** The largest configuration file read; real ones with hundreds of redirects stay far below. */
const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * Reads `docs.json` (or, when there is none, the legacy `mint.json`) into the site model.
 * Throws ExportFailedError when the file is missing, unreadable, not JSON (naming line and
 * column) or invalid (listing every problem with its key path); returns the warnings for what
 * is tolerated (likely typos, features the export leaves out).
 */
export function loadSiteConfig(repo: RepoFiles): { config: SiteConfig; problems: Problem[] } {
  const file = repo.exists("docs.json")
    ? "docs.json"
    : repo.exists("mint.json")
      ? "mint.json"
      : undefined;
  if (!file) {
    throw new ExportFailedError("no docs.json or mint.json in the documentation folder", [
      {
        severity: "error",
        rule: "config-missing",
        file: "docs.json",
        message:
          "the documentation folder has no docs.json (or legacy mint.json): it is the file that names the site and lists its pages",
      },
    ]);
  }
  let text: string;
  try {
    text = repo.readText(file, MAX_CONFIG_BYTES);
  } catch (error) {
    if (!(error instanceof RepoFileError)) throw error;
    throw new ExportFailedError(
      `${file} cannot be read`,
      [{ severity: "error", rule: "config", file, message: error.message }],
      { cause: error },
    );
  }
  const parsed = parseJsonFile(file, text);
  if (parsed.problem) {
    const summary =
      parsed.problem.rule === "config-depth" ? "nests too deeply" : "is not valid JSON";
    throw new ExportFailedError(`${file} ${summary}`, [parsed.problem]);
  }

  const sources = new ConfigSources(file, text);
  const check = new ConfigChecker(file, sources);
  check.problems.push(...parsed.warnings);
  const resolved = resolveRefs(parsed.value, {
    fromFile: file,
    repo,
    problems: check.problems,
    sources,
  });
  const raw = check.object(resolved, "", "an object of settings");
  if (!raw) throw new ExportFailedError(`${file} is not a JSON object`, check.problems);
  const config = file === "mint.json" ? readMintJson(raw, check) : readDocsJson(raw, check);
  const errors = check.problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0) {
    throw new ExportFailedError(
      `${file} has ${errors.length} ${errors.length === 1 ? "error" : "errors"}`,
      errors,
    );
  }
  return { config, problems: check.problems };
}
