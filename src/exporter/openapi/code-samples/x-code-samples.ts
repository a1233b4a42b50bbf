import type { CodeSample } from "../types.ts";
import { isObject } from "./literals.ts";

/*
 * The operation's own samples, written by hand in the specification (`x-codeSamples`).
 */

/** Names `x-codeSamples` use for a language, lower case, to Shiki ids. */
const SHIKI_IDS: Record<string, string> = {
  curl: "bash",
  shell: "bash",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  "node.js": "javascript",
  ts: "typescript",
  py: "python",
  python3: "python",
  golang: "go",
  "c#": "csharp",
  cs: "csharp",
  dotnet: "csharp",
  ".net": "csharp",
  "c++": "cpp",
  rb: "ruby",
  rs: "rust",
  kt: "kotlin",
  objc: "objective-c",
  "obj-c": "objective-c",
  objectivec: "objective-c",
  ps: "powershell",
  ps1: "powershell",
  pwsh: "powershell",
  "f#": "fsharp",
  yml: "yaml",
};

/** The Shiki id for a language name of an `x-codeSamples` entry: `JavaScript` → `javascript`, `cURL` → `bash`, `C#` → `csharp`. */
export function normalizeSampleLanguage(lang: string): string {
  const key = lang.trim().toLowerCase();
  return Object.hasOwn(SHIKI_IDS, key) ? (SHIKI_IDS[key] as string) : key.replace(/\s+/g, "-");
}

/** How a tab names a language when the samples' own labels cannot tell them apart. */
const LANGUAGE_NAMES: Record<string, string> = {
  bash: "Shell",
  javascript: "JavaScript",
  typescript: "TypeScript",
  python: "Python",
  go: "Go",
  java: "Java",
  csharp: "C#",
  cpp: "C++",
  c: "C",
  ruby: "Ruby",
  rust: "Rust",
  kotlin: "Kotlin",
  swift: "Swift",
  php: "PHP",
  "objective-c": "Objective-C",
  powershell: "PowerShell",
  fsharp: "F#",
  dart: "Dart",
  scala: "Scala",
  elixir: "Elixir",
  json: "JSON",
  yaml: "YAML",
  http: "HTTP",
};

/** `curl` is a shell command, but readers look for it by its own name. */
const CURL = /^curl$/i;

/**
 * The operation's own samples: `x-codeSamples` (else `x-code-samples`), each `{ lang, label?,
 * source }`. Entries without a non-empty `lang` or a string `source` are skipped. Specifications
 * often give every sample the same label (the operation's summary): tabs would all read alike,
 * so where labels repeat, those samples are named by their language instead.
 */
export function renderXCodeSamples(operation: Record<string, unknown>): CodeSample[] {
  const list = Array.isArray(operation["x-codeSamples"])
    ? operation["x-codeSamples"]
    : operation["x-code-samples"];
  if (!Array.isArray(list)) return [];
  const entries = list.flatMap((entry): (CodeSample & { lang: string })[] => {
    if (
      !isObject(entry) ||
      typeof entry.lang !== "string" ||
      entry.lang.trim() === "" ||
      typeof entry.source !== "string"
    )
      return [];
    const label =
      typeof entry.label === "string" && entry.label.trim() !== "" ? entry.label : entry.lang;
    return [
      {
        language: normalizeSampleLanguage(entry.lang),
        label,
        code: entry.source,
        lang: entry.lang.trim(),
      },
    ];
  });
  return distinctLabels(entries);
}

/** Samples whose label another one shares, renamed by language; a language twice gets a number. */
function distinctLabels(entries: (CodeSample & { lang: string })[]): CodeSample[] {
  const uses = new Map<string, number>();
  for (const entry of entries) uses.set(entry.label, (uses.get(entry.label) ?? 0) + 1);
  const renamed = entries.map(({ lang, ...sample }) =>
    (uses.get(sample.label) ?? 0) > 1 ? { ...sample, label: languageName(lang) } : sample,
  );
  const seen = new Map<string, number>();
  return renamed.map((sample) => {
    const count = (seen.get(sample.label) ?? 0) + 1;
    seen.set(sample.label, count);
    return count === 1 ? sample : { ...sample, label: `${sample.label} (${count})` };
  });
}

/** A language as a tab names it: `py` → Python, `curl` → cURL; an unknown one as written. */
function languageName(lang: string): string {
  if (CURL.test(lang)) return "cURL";
  return LANGUAGE_NAMES[normalizeSampleLanguage(lang)] ?? lang;
}
