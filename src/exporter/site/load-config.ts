import { ExportFailedError, type Problem } from "../problems.ts";
import { ConfigChecker } from "./config/checker.ts";
import { readDocsJson } from "./config/docs-json.ts";
import { convertMintJson } from "./config/mint-json.ts";
import { parseJsonFile } from "./config/read-json.ts";
import { resolveRefs } from "./config/resolve-refs.ts";
import { RepoFileError, type RepoFiles } from "./repo-files.ts";
import type { SiteConfig } from "./types.ts";

/**
 * Reads `docs.json` (or the legacy `mint.json`) into the site model. Throws
 * ExportFailedError listing every problem when the file is missing, not JSON, or invalid;
 * returns warnings for what is tolerated.
 */
export function loadSiteConfig(repo: RepoFiles): { config: SiteConfig; problems: Problem[] } {
  const file = repo.exists("docs.json") ? "docs.json" : repo.exists("mint.json") ? "mint.json" : undefined;
  if (!file) {
    throw new ExportFailedError("no docs.json or mint.json in the documentation folder", [
      { severity: "error", rule: "config-missing", file: "docs.json", message: "the documentation folder has no docs.json (or legacy mint.json)" },
    ]);
  }
  let text: string;
  try {
    text = repo.readText(file, 5 * 1024 * 1024);
  } catch (error) {
    if (!(error instanceof RepoFileError)) throw error;
    throw new ExportFailedError(`${file} cannot be read`, [{ severity: "error", rule: "config", file, message: error.message }]);
  }
  const parsed = parseJsonFile(file, text);
  if (parsed.problem) throw new ExportFailedError(`${file} is not valid JSON`, [parsed.problem]);
  const check = new ConfigChecker(file);
  const resolved = resolveRefs(parsed.value, file, repo, check.problems);
  const raw = check.object(resolved, "(top level)");
  if (!raw) throw new ExportFailedError(`${file} is not a JSON object`, check.problems);
  const config = readDocsJson(file === "mint.json" ? convertMintJson(raw, check) : raw, check);
  const errors = check.problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0) throw new ExportFailedError(`${file} has ${errors.length} error(s)`, errors);
  return { config, problems: check.problems };
}
