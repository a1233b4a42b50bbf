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

/**
 * The operation's own samples: `x-codeSamples` (else `x-code-samples`), each `{ lang, label?,
 * source }`. Entries without a non-empty `lang` or a string `source` are skipped.
 */
export function renderXCodeSamples(operation: Record<string, unknown>): CodeSample[] {
  const list = Array.isArray(operation["x-codeSamples"])
    ? operation["x-codeSamples"]
    : operation["x-code-samples"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): CodeSample[] => {
    if (
      !isObject(entry) ||
      typeof entry.lang !== "string" ||
      entry.lang.trim() === "" ||
      typeof entry.source !== "string"
    )
      return [];
    const label =
      typeof entry.label === "string" && entry.label.trim() !== "" ? entry.label : entry.lang;
    return [{ language: normalizeSampleLanguage(entry.lang), label, code: entry.source }];
  });
}
