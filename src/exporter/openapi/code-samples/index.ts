/**
 * Request snippets for the API reference pages: one request (every value already chosen) written
 * as code a reader can paste and run, in each language of docs.json `api.examples.languages`,
 * plus the hand-written `x-codeSamples` of an operation.
 *
 * Every snippet sends the same request: the query string is percent-encoded like
 * `encodeURIComponent` (plus `!'()*`), cookies travel in one `Cookie` header, and a body gets its
 * `Content-Type` (multipart bodies get theirs, with the boundary, from the HTTP library).
 * Binary fields and bodies (the example value `"<binary>"`) read the placeholder file
 * `path/to/file`. Strings are escaped for each language by one shared helper (`escapedString`).
 *
 * Languages: cURL (`curl`, `bash`, `sh`, `shell`), JavaScript with fetch (`javascript`, `js`,
 * `node`, `nodejs`), TypeScript with fetch (`typescript`, `ts`), Python with requests (`python`,
 * `py`), Go with net/http (`go`, `golang`) and Java with java.net.http (`java`, Java 16 or
 * later), case-insensitive. Other names are skipped and returned in `unknown`.
 */
import type { CodeSample, SampleRequest } from "../types.ts";
import { curlSample } from "./curl.ts";
import { goSample } from "./go.ts";
import { javaSample } from "./java.ts";
import { javascriptSample } from "./javascript.ts";
import { type PreparedRequest, prepareRequest } from "./prepared-request.ts";
import { pythonSample } from "./python.ts";

/** The file a binary field or body reads from, for the reader to replace. */
export { FILE_PLACEHOLDER } from "./prepared-request.ts";
/** The operation's own samples (`x-codeSamples`), and the Shiki id of their language names. */
export { normalizeSampleLanguage, renderXCodeSamples } from "./x-code-samples.ts";

/** The languages shown when docs.json names none. */
export const DEFAULT_SAMPLE_LANGUAGES: readonly string[] = ["curl", "javascript", "python", "go"];

/** The snippets `generateCodeSamples` wrote, and the language names it skipped. */
export interface GeneratedSamples {
  /** One per recognised language, in the order asked, each language once. */
  samples: CodeSample[];
  /** The names that match no language, as written, for the caller to warn about. */
  unknown: string[];
}

interface SampleLanguage {
  /** Shiki language id. */
  language: string;
  label: string;
  write: (request: PreparedRequest) => string;
}

const LANGUAGES: Record<string, SampleLanguage> = {
  curl: { language: "bash", label: "cURL", write: curlSample },
  javascript: {
    language: "javascript",
    label: "JavaScript",
    write: (request) => javascriptSample(request),
  },
  typescript: {
    language: "typescript",
    label: "TypeScript",
    write: (request) => javascriptSample(request, true),
  },
  python: { language: "python", label: "Python", write: pythonSample },
  go: { language: "go", label: "Go", write: goSample },
  java: { language: "java", label: "Java", write: javaSample },
};

const LANGUAGE_ALIASES: Record<string, string> = {
  curl: "curl",
  bash: "curl",
  sh: "curl",
  shell: "curl",
  javascript: "javascript",
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  typescript: "typescript",
  ts: "typescript",
  python: "python",
  py: "python",
  go: "go",
  golang: "go",
  java: "java",
};

/** The language a docs.json name stands for (`JS` → `javascript`), or undefined when none. */
export function sampleLanguageKey(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key] : undefined;
}

/**
 * Request snippets in the order of `languages`, each language once (`js` after `javascript`
 * adds nothing). Names that match no language are skipped and returned in `unknown`.
 */
export function generateCodeSamples(
  request: SampleRequest,
  languages: readonly string[] = DEFAULT_SAMPLE_LANGUAGES,
): GeneratedSamples {
  const prepared = prepareRequest(request);
  const samples: CodeSample[] = [];
  const unknown: string[] = [];
  const done = new Set<string>();
  for (const name of languages) {
    const key = sampleLanguageKey(name);
    const language = key === undefined ? undefined : LANGUAGES[key];
    if (key === undefined || language === undefined) {
      unknown.push(name);
      continue;
    }
    if (done.has(key)) continue;
    done.add(key);
    samples.push({
      language: language.language,
      label: language.label,
      code: language.write(prepared),
    });
  }
  return { samples, unknown };
}
