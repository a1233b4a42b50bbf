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
    const copy = error.kind === "refused" || !repo ? undefined : repositoryCopyOf(url, repo);
    const text = copy === undefined ? undefined : readCopy(repo as RepoFiles, copy);
    if (copy !== undefined && text !== undefined) {
      problems.push({
        severity: "warning",
        rule: kind.rule,
        file: url,
        message: `the ${kind.noun} could not be fetched (${error.reason}); the repository's own ${copy} is used instead`,
      });
      return text;
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

/** A repository file's text, or undefined when it cannot be read as a specification. */
function readCopy(repo: RepoFiles, file: string): string | undefined {
  try {
    return repo.readText(file, MAX_SPEC_BYTES);
  } catch (error) {
    if (error instanceof RepoFileError) return undefined;
    throw error;
  }
}
