import { type ExportFetcher, FetchError } from "../net/index.ts";
import type { Problem } from "../problems.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import { repositoryCopyOf } from "./repository-copy.ts";
import { MAX_SPEC_BYTES } from "./types.ts";

/** How long an API description given as a URL may take to arrive at export time. */
export const SPEC_FETCH_TIMEOUT_MS = 30_000;

/** What a fetched description is called in its problems: OpenAPI's or AsyncAPI's words. */
export interface SpecKind {
  rule: "openapi" | "asyncapi";
  /** "OpenAPI specification", "AsyncAPI document". */
  noun: string;
}

/**
 * The text of an API description named by URL, through the export's network rules and within
 * the size cap. When it cannot be fetched (no network, an air-gapped export, a host that
 * fails) and the URL is a GitHub address of a file the repository holds, that file is read
 * instead, with a warning naming both; otherwise undefined, with an error naming the URL.
 */
export async function fetchSpecText(
  fetcher: ExportFetcher,
  url: string,
  kind: SpecKind,
  problems: Problem[],
  repo?: RepoFiles,
): Promise<string | undefined> {
  try {
    return await fetcher.fetchText(url, {
      maxBytes: MAX_SPEC_BYTES,
      timeoutMs: SPEC_FETCH_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const copy = error.kind === "refused" || !repo ? undefined : readRepositoryCopy(url, repo);
    if (copy) {
      problems.push({
        severity: "warning",
        rule: kind.rule,
        file: url,
        message: `the ${kind.noun} could not be fetched (${error.reason}); the repository's own ${copy.file} is used instead`,
      });
      return copy.text;
    }
    problems.push({
      severity: "error",
      rule: kind.rule,
      file: url,
      message:
        error.kind === "offline"
          ? `${error.reason}: add this ${kind.noun} to the repository and name its path instead of the URL`
          : error.kind === "failed"
            ? `the ${kind.noun} could not be fetched: ${error.reason}; where its host cannot be reached, add the ${kind.noun} to the repository and name its path instead of the URL`
            : `the ${kind.noun} could not be fetched: ${error.reason}`,
    });
    return undefined;
  }
}

/** The repository's copy of the file a GitHub URL names, read, or undefined when it has none. */
function readRepositoryCopy(
  url: string,
  repo: RepoFiles,
): { file: string; text: string } | undefined {
  const file = repositoryCopyOf(url, repo);
  if (file === undefined) return undefined;
  try {
    return { file, text: repo.readText(file, MAX_SPEC_BYTES) };
  } catch (error) {
    if (error instanceof RepoFileError) return undefined;
    throw error;
  }
}
