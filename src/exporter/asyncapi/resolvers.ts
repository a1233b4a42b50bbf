import path from "node:path";
import { confine } from "../../files/confine.ts";
import type { ExportFetcher } from "../net/index.ts";
import { SPEC_FETCH_TIMEOUT_MS } from "../openapi/fetch-spec-text.ts";
import { MAX_SPEC_BYTES } from "../openapi/types.ts";
import type { RepoFiles } from "../site/repo-files.ts";

/** Files and URLs one document's references may read; a bound on what a document can pull in. */
export const MAX_REFERENCE_READS = 200;

/**
 * What a refused reference reads as. The parser's own readers (which fetch any URL and read
 * any file) run whenever ours throws or gives no text, so ours always answer, and a refusal
 * is recorded instead: the caller then drops the document with the reason.
 */
const REFUSED_TEXT = "{}";

/** A `$ref` reader as the parser takes it (`__unstable.resolver.resolvers`; not exported by its index). */
export interface ReferenceReader {
  schema: "file" | "http" | "https";
  order: number;
  read: (uri: { path(): string; toString(): string }) => string | Promise<string>;
}

/**
 * The parser's `$ref` readers for one document, under the export's rules: `http(s)` through the
 * export's fetcher (public hosts unless allowed, nothing when air-gapped, size and time caps),
 * `file` only inside the repository (RepoFiles confines it, symbolic links included). Every
 * refusal is pushed to `refusals` as one line naming the reference.
 */
export function confinedResolvers(input: {
  repo: RepoFiles;
  fetcher: ExportFetcher;
  refusals: string[];
  /** Called with the text of every reference read, and the repository file it came from. */
  onRead?: (text: string, file?: string) => void;
}): ReferenceReader[] {
  const { repo, fetcher, refusals } = input;
  const read = (text: string, file?: string): string => {
    input.onRead?.(text, file);
    return text;
  };
  let reads = 0;
  const refuse = (reference: string, reason: string): string => {
    refusals.push(`$ref "${reference}": ${reason}`);
    return REFUSED_TEXT;
  };
  const overBudget = (reference: string): string | undefined =>
    ++reads > MAX_REFERENCE_READS
      ? refuse(reference, `more than ${MAX_REFERENCE_READS} files and URLs are referenced`)
      : undefined;
  const readUrl = async (uri: { toString(): string }): Promise<string> => {
    const url = uri.toString();
    const refused = overBudget(url);
    if (refused !== undefined) return refused;
    try {
      return read(
        await fetcher.fetchText(url, {
          maxBytes: MAX_SPEC_BYTES,
          timeoutMs: SPEC_FETCH_TIMEOUT_MS,
        }),
      );
    } catch (error) {
      return refuse(url, reasonOf(error));
    }
  };
  const readFile = (uri: { path(): string; toString(): string }): string => {
    const absolute = decodePath(uri.path());
    const relative = path.relative(repo.root, confine(repo.root, absolute) ?? repo.root);
    const shown = relative || uri.toString();
    if (!relative) return refuse(shown, "the file is outside the repository");
    const refused = overBudget(relative);
    if (refused !== undefined) return refused;
    try {
      const file = relative.split(path.sep).join("/");
      return read(repo.readText(file, MAX_SPEC_BYTES), file);
    } catch (error) {
      return refuse(relative, reasonOf(error));
    }
  };
  // Order 1: before the parser's own readers, which then never run (ours always answer).
  return [
    { schema: "https", order: 1, read: readUrl },
    { schema: "http", order: 1, read: readUrl },
    { schema: "file", order: 1, read: readFile },
  ];
}

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function reasonOf(error: unknown): string {
  if (error && typeof error === "object" && "reason" in error && typeof error.reason === "string")
    return error.reason;
  return error instanceof Error ? error.message : String(error);
}
