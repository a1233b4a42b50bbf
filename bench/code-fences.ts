/**
 * The fenced code blocks of Markdown/MDX files, for comparing highlighters on real docs. A plain
 * line scanner (``` and ~~~ fences, any indentation, the fence's indentation taken off the
 * body), not Quire's parser: it only has to find the blocks a page would highlight.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface CodeFence {
  /** The first word of the info string, as written ("" when none). */
  language: string;
  code: string;
  /** Where it came from, for messages. */
  source: string;
}

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;

/** The fenced blocks of one document, in order. */
export function codeFences(text: string, source: string): CodeFence[] {
  const lines = text.split(/\r?\n/);
  const fences: CodeFence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE_OPEN.exec(lines[index] ?? "");
    if (!open) continue;
    const [, indent = "", marker = "", language = ""] = open;
    const body: string[] = [];
    let closed = false;
    for (index++; index < lines.length; index++) {
      const line = lines[index] ?? "";
      const trimmed = line.trim();
      if (
        trimmed.startsWith(marker) &&
        trimmed.replace(/[`~]/g, "") === "" &&
        trimmed[0] === marker[0]
      ) {
        closed = true;
        break;
      }
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (closed)
      fences.push({ language, code: body.join("\n"), source: `${source}:${fences.length + 1}` });
  }
  return fences;
}

/** Every `.md`/`.mdx` file under `root`, sorted, skipping node_modules. */
export function markdownFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes("node_modules"))
    .sort();
}

/** The fenced blocks of every Markdown/MDX file under `root`. */
export function codeFencesUnder(root: string): CodeFence[] {
  return markdownFiles(root).flatMap((file) =>
    codeFences(readFileSync(file, "utf8"), path.relative(root, file)),
  );
}
