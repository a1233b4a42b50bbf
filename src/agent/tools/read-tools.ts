import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { defineTool } from "./define-tool.ts";
import { compileGlob, type GlobMatcher, GlobSyntaxError } from "./glob.ts";
import { LineSearcher, SearchTimeoutError } from "./line-search.ts";
import type { CheckoutPath, PathGuard } from "./path-guard.ts";
import { walkFiles } from "./repo-walk.ts";
import {
  decodeText,
  explainUnreadable,
  MAX_TEXT_FILE_BYTES,
  plural,
  readTextFile,
  splitLines,
} from "./text-files.ts";
import type { AgentTool, ToolResult } from "./tool-types.ts";

export const MAX_LISTED_FILES = 500;
export const READ_PAGE_LINES = 2000;
export const READ_PAGE_BYTES = 100 * 1024;
export const MAX_LINE_CHARACTERS = 2000;
export const MAX_SEARCH_MATCHES = 200;
const SEARCH_LINE_CHARACTERS = 300;
const SEARCH_BUDGET_MS = 5000;
const SEARCH_BATCH_BYTES = 4 * 1024 * 1024;

export function createListFilesTool(guard: PathGuard): AgentTool {
  return defineTool(
    {
      name: "list_files",
      description:
        'Lists files of the repository, sorted, as paths relative to its root. `pattern` is a glob such as "**/*.mdx", "guides/*.md" or "*.json" (a pattern without "/" matches file names in every folder). `path` limits the listing to one folder. The .git and node_modules folders are skipped; at most 500 paths are shown.',
      parameters: {
        pattern: {
          type: "string",
          description: 'Glob of the files to list, e.g. "**/*.mdx". All files when absent.',
        },
        path: {
          type: "string",
          description:
            'Folder to list, relative to the repository root, e.g. "guides". The whole repository when absent.',
        },
      },
      run(args) {
        const folder = resolveFolder(guard, args.path);
        if (!folder.ok) return folder;
        const matcher = compilePattern(args.pattern as string | undefined, "pattern");
        if (typeof matcher === "string") return { ok: false, text: matcher };
        const walked = walkFiles(folder.absolute, folder.relative);
        const matching = walked.files.filter((file) =>
          matchesIn(matcher, file.relative, folder.relative),
        );
        const scope = `${args.pattern ? ` matching "${args.pattern}"` : ""}${folder.relative ? ` in ${folder.display}` : ""}`;
        if (matching.length === 0) {
          return {
            ok: true,
            text: `No files${scope}.${args.pattern ? ' Try a wider pattern, such as "**/*.mdx".' : ""}`,
          };
        }
        const shown = matching
          .slice(0, MAX_LISTED_FILES)
          .map((file) => (file.isLink ? `${file.relative} (symbolic link)` : file.relative));
        const lines = [`${plural(matching.length, "file")}${scope}:`, ...shown];
        if (matching.length > MAX_LISTED_FILES) {
          lines.push(
            `… and ${matching.length - MAX_LISTED_FILES} more. Narrow the listing with "pattern" or "path".`,
          );
        }
        if (walked.truncated)
          lines.push(
            '(The repository is too large to list completely; narrow the listing with "path".)',
          );
        return { ok: true, text: lines.join("\n") };
      },
    },
    guard.root,
  );
}

export function createReadFileTool(guard: PathGuard): AgentTool {
  return defineTool(
    {
      name: "read_file",
      description: `Reads a text file, with line numbers ("   12\\tcontent"; the numbers and the tab are not part of the file). Shows at most ${READ_PAGE_LINES} lines or ${READ_PAGE_BYTES / 1024} KB at a time; \`offset\` (first line, from 1) and \`limit\` (number of lines) read the rest of a long file. Binary files are refused.`,
      parameters: {
        path: {
          type: "string",
          description:
            'File to read, relative to the repository root, e.g. "guides/quickstart.mdx".',
        },
        offset: {
          type: "integer",
          minimum: 1,
          description: "First line to show, counting from 1. Default 1.",
        },
        limit: {
          type: "integer",
          minimum: 1,
          description: `How many lines to show. Default and maximum ${READ_PAGE_LINES}.`,
        },
      },
      required: ["path"],
      run(args) {
        const file = resolveExistingFile(guard, args.path, "read_file");
        if (!file.ok) return file;
        const read = readTextFile(file.absolute);
        if (!read.ok)
          return { ok: false, text: explainUnreadable(file.display, read, "read_file") };
        const lines = splitLines(read.text);
        if (lines.length === 0) return { ok: true, text: `(${file.display} is empty)` };
        const offset = (args.offset as number | undefined) ?? 1;
        if (offset > lines.length) {
          return {
            ok: false,
            text: `"${file.display}" has ${plural(lines.length, "line")}; offset ${offset} is past its end.`,
          };
        }
        const limit = Math.min(
          (args.limit as number | undefined) ?? READ_PAGE_LINES,
          READ_PAGE_LINES,
        );
        const last = Math.min(lines.length, offset + limit - 1);
        const width = String(last).length;
        const output: string[] = [];
        let bytes = 0;
        let shownLast = offset - 1;
        for (let number = offset; number <= last; number++) {
          let content = lines[number - 1] as string;
          if (content.length > MAX_LINE_CHARACTERS) {
            content = `${content.slice(0, MAX_LINE_CHARACTERS)}… (line cut: ${content.length} characters in all)`;
          }
          const numbered = `${String(number).padStart(Math.max(width, 4))}\t${content}`;
          bytes += Buffer.byteLength(numbered) + 1;
          if (bytes > READ_PAGE_BYTES && output.length > 0) break;
          output.push(numbered);
          shownLast = number;
        }
        if (offset > 1 || shownLast < lines.length) {
          const next =
            shownLast < lines.length
              ? ` To read on, call read_file with offset ${shownLast + 1}.`
              : "";
          output.push(`(Lines ${offset}–${shownLast} of ${lines.length}.${next})`);
        }
        return { ok: true, text: output.join("\n") };
      },
    },
    guard.root,
  );
}

export function createSearchFilesTool(guard: PathGuard, budgetMs = SEARCH_BUDGET_MS): AgentTool {
  return defineTool(
    {
      name: "search_files",
      description: `Searches the text files of the repository for a regular expression (JavaScript syntax), line by line. Answers with "file:line: text" for each matching line, at most ${MAX_SEARCH_MATCHES}. \`path\` limits the search to a folder or one file; \`glob\` to some files (e.g. "**/*.mdx"). Binary files, .git and node_modules are skipped.`,
      parameters: {
        pattern: {
          type: "string",
          description:
            'Regular expression to find, e.g. "href=\\"/guides/setup" or "<Card\\\\b". Escape ( ) [ ] { } . * + ? | \\\\ ^ $ with a backslash to find them literally.',
        },
        path: {
          type: "string",
          description:
            "Folder or file to search, relative to the repository root. The whole repository when absent.",
        },
        glob: {
          type: "string",
          description: 'Only files matching this glob, e.g. "**/*.mdx" or "*.json".',
        },
        ignore_case: { type: "boolean", description: "Match letters in any case. Default false." },
      },
      required: ["pattern"],
      run(args) {
        const regex = compileRegex(args.pattern as string, args.ignore_case === true);
        if (typeof regex === "string") return { ok: false, text: regex };
        const scope = guard.resolve(args.path ?? "", { argument: "path", allowRoot: true });
        if (!scope.ok) return scope;
        if (scope.kind === "none") return { ok: false, text: notFound(guard, scope.display) };
        const matcher = compilePattern(args.glob as string | undefined, "glob");
        if (typeof matcher === "string") return { ok: false, text: matcher };
        const candidates =
          scope.kind === "directory"
            ? walkFiles(scope.absolute, scope.relative).files.filter(
                (file) => !file.isLink && matchesIn(matcher, file.relative, scope.relative),
              )
            : [{ relative: scope.relative, absolute: scope.absolute, isLink: false }];
        return searchFiles(candidates, regex, args.pattern as string, budgetMs);
      },
    },
    guard.root,
  );
}

function searchFiles(
  files: { relative: string; absolute: string }[],
  regex: RegExp,
  pattern: string,
  budgetMs: number,
): ToolResult {
  const searcher = new LineSearcher(regex, budgetMs);
  const matches: { file: string; line: number; text: string }[] = [];
  let batch: { file: string; text: string }[] = [];
  let batchBytes = 0;
  let searched = 0;
  const flush = (): void => {
    const found = searcher.search(
      batch.map((entry) => entry.text),
      MAX_SEARCH_MATCHES + 1 - matches.length,
    );
    for (const match of found)
      matches.push({
        file: (batch[match.index] as { file: string }).file,
        line: match.line,
        text: match.text,
      });
    batch = [];
    batchBytes = 0;
  };
  try {
    for (const file of files) {
      if (matches.length > MAX_SEARCH_MATCHES) break;
      let bytes: Buffer;
      try {
        if (statSync(file.absolute).size > MAX_TEXT_FILE_BYTES) continue;
        bytes = readFileSync(file.absolute);
      } catch {
        continue;
      }
      const text = decodeText(bytes);
      if (text === undefined) continue;
      searched += 1;
      batch.push({ file: file.relative, text });
      batchBytes += bytes.length;
      if (batchBytes >= SEARCH_BATCH_BYTES) flush();
    }
    if (batch.length > 0 && matches.length <= MAX_SEARCH_MATCHES) flush();
  } catch (error) {
    if (!(error instanceof SearchTimeoutError)) throw error;
    return {
      ok: false,
      text: `The regular expression ${JSON.stringify(pattern)} took too long to run (it probably backtracks, like "(a+)+"). Simplify it, or narrow the search with "path" or "glob".`,
    };
  }
  if (matches.length === 0) {
    return {
      ok: true,
      text: `No matches for ${JSON.stringify(pattern)} in ${plural(searched, "file")}.`,
    };
  }
  const shown = matches.slice(0, MAX_SEARCH_MATCHES);
  const fileCount = new Set(shown.map((match) => match.file)).size;
  const lines = shown.map(
    (match) => `${match.file}:${match.line}: ${cut(match.text.trim(), SEARCH_LINE_CHARACTERS)}`,
  );
  const header =
    matches.length > MAX_SEARCH_MATCHES
      ? `More than ${MAX_SEARCH_MATCHES} matching lines; the first ${MAX_SEARCH_MATCHES} (in ${plural(fileCount, "file")}):`
      : `${plural(matches.length, "matching line")} in ${plural(fileCount, "file")}:`;
  const footer =
    matches.length > MAX_SEARCH_MATCHES
      ? [
          '(More matches not shown: narrow the search with "path", "glob" or a more precise pattern.)',
        ]
      : [];
  return { ok: true, text: [header, ...lines, ...footer].join("\n") };
}

/** A folder argument (the root when absent), or an error for the model. */
function resolveFolder(
  guard: PathGuard,
  input: unknown,
): ({ ok: true } & CheckoutPath) | { ok: false; text: string } {
  const folder = guard.resolve(input ?? "", { argument: "path", allowRoot: true });
  if (!folder.ok) return folder;
  if (folder.kind === "none") return { ok: false, text: notFound(guard, folder.display) };
  if (folder.kind !== "directory") {
    return {
      ok: false,
      text: `"${folder.display}" is a file, not a folder; read it with read_file, or list its folder.`,
    };
  }
  return folder;
}

/** An existing regular file (following links that stay inside), or an error for the model. */
export function resolveExistingFile(
  guard: PathGuard,
  input: unknown,
  tool: string,
): ({ ok: true } & CheckoutPath) | { ok: false; text: string } {
  const file = guard.resolve(input, { argument: "path" });
  if (!file.ok) return file;
  if (file.kind === "none") return { ok: false, text: notFound(guard, file.display) };
  if (file.kind === "directory") {
    return {
      ok: false,
      text: `"${file.display}" is a folder; ${tool} works on one file. See its files with list_files and path "${file.display}".`,
    };
  }
  if (file.kind !== "file") return { ok: false, text: `"${file.display}" is not a regular file.` };
  return file;
}

/** "does not exist", with the files of the same name elsewhere: models often guess the folder wrong. */
export function notFound(guard: PathGuard, display: string): string {
  const name = path.posix.basename(display);
  const stem = name.replace(/\.[^.]+$/, "");
  const similar = walkFiles(guard.root, "")
    .files.map((file) => file.relative)
    .filter((relative) => {
      const base = path.posix.basename(relative);
      return base === name || base.replace(/\.[^.]+$/, "") === stem;
    })
    .slice(0, 5);
  const hint =
    similar.length > 0
      ? ` Files with that name: ${similar.map((file) => `"${file}"`).join(", ")}.`
      : " Use list_files to see which files exist.";
  return `"${display}" does not exist.${hint}`;
}

function compilePattern(
  pattern: string | undefined,
  argument: string,
): GlobMatcher | undefined | string {
  if (pattern === undefined || pattern.trim() === "") return undefined;
  try {
    return compileGlob(pattern);
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    return `"${argument}" ${JSON.stringify(pattern)} is not a valid glob: ${error.message}. Use globs like "**/*.mdx" or "guides/*.md".`;
  }
}

/** Whether a file matches a glob written relative to the listed folder or to the repository root. */
function matchesIn(matcher: GlobMatcher | undefined, relative: string, folder: string): boolean {
  if (!matcher) return true;
  if (matcher(relative)) return true;
  return (
    folder !== "" && relative.startsWith(`${folder}/`) && matcher(relative.slice(folder.length + 1))
  );
}

function compileRegex(pattern: string, ignoreCase: boolean): RegExp | string {
  if (pattern === "")
    return 'The search "pattern" is empty; give a word or a regular expression to find.';
  const flags = ignoreCase ? "i" : "";
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch {
    try {
      return new RegExp(pattern, flags);
    } catch (error) {
      return `${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, "")}. To find characters such as ( ) [ ] { } . * + ? | \\ literally, put a backslash before each.`;
    }
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
