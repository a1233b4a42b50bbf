import { type ExportFetcher, FetchError } from "../net/index.ts";
import type { Problem } from "../problems.ts";
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
 * the size cap; undefined, with an error naming the URL, when the rules or the host refuse.
 */
export async function fetchSpecText(
  fetcher: ExportFetcher,
  url: string,
  kind: SpecKind,
  problems: Problem[],
): Promise<string | undefined> {
  try {
    return await fetcher.fetchText(url, {
      maxBytes: MAX_SPEC_BYTES,
      timeoutMs: SPEC_FETCH_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
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
