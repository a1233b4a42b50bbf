import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { confine } from "../../files/confine.ts";
import type { ChangeTracker } from "./change-tracker.ts";
import { defineTool } from "./define-tool.ts";
import type { PathGuard } from "./path-guard.ts";
import { notFound, resolveExistingFile } from "./read-tools.ts";
import { walkFiles } from "./repo-walk.ts";
import {
  explainUnreadable,
  formatSize,
  plural,
  readTextFile,
  splitLines,
  writeFileAtomic,
} from "./text-files.ts";
import type { AgentTool } from "./tool-types.ts";

/** Largest file write_file creates (and edit_file grows a file to): documentation pages are far smaller. */
export const MAX_WRITE_BYTES = 1024 * 1024;

/** What the write tools share: the checkout's guard, and the record of what they changed. */
export interface WriteToolContext {
  guard: PathGuard;
  changes: ChangeTracker;
}

export function createWriteFileTool({ guard, changes }: WriteToolContext): AgentTool {
  return defineTool(
    {
      name: "write_file",
      description: `Creates a file, or replaces a file's whole content. Folders are created as needed. At most ${formatSize(MAX_WRITE_BYTES)}. To change part of an existing file, edit_file is safer.`,
      parameters: {
        path: {
          type: "string",
          description:
            'File to write, relative to the repository root, e.g. "guides/new-page.mdx".',
        },
        content: { type: "string", description: "The file's complete new content." },
      },
      required: ["path", "content"],
      run(args) {
        const target = guard.resolve(args.path, { argument: "path" });
        if (!target.ok) return target;
        if (target.kind === "directory")
          return {
            ok: false,
            text: `"${target.display}" is a folder; give the path of a file inside it.`,
          };
        if (target.kind === "other")
          return {
            ok: false,
            text: `"${target.display}" is not a regular file and cannot be written.`,
          };
        const content = args.content as string;
        const size = Buffer.byteLength(content);
        if (size > MAX_WRITE_BYTES) {
          return {
            ok: false,
            text: `The content is ${formatSize(size)}, over the ${formatSize(MAX_WRITE_BYTES)} limit of write_file; documentation files should be much smaller. Split it into several pages.`,
          };
        }
        const existed = target.kind === "file";
        changes.remember(target.relative);
        writeFileAtomic(target.absolute, content);
        const lines = plural(splitLines(content).length, "line");
        const hint =
          !existed && isPageFile(target.relative)
            ? " A new page must also be listed in the navigation of docs.json."
            : "";
        return {
          ok: true,
          text: `${existed ? "Replaced" : "Created"} ${target.display} (${lines}).${hint}`,
        };
      },
    },
    guard.root,
  );
}

export function createEditFileTool({ guard, changes }: WriteToolContext): AgentTool {
  return defineTool(
    {
      name: "edit_file",
      description:
        "Replaces text in a file: `old_string` must appear in the file exactly (spaces, indentation and line breaks included) and only once, unless `replace_all` is true. Include a few neighbouring lines in `old_string` to make it unique. Copy the text from read_file without its line numbers.",
      parameters: {
        path: { type: "string", description: "File to edit, relative to the repository root." },
        old_string: { type: "string", description: "The exact text to replace." },
        new_string: {
          type: "string",
          description: "The text to put in its place (empty to delete it).",
        },
        replace_all: {
          type: "boolean",
          description:
            "Replace every occurrence of old_string instead of exactly one. Default false.",
        },
      },
      required: ["path", "old_string", "new_string"],
      run(args) {
        const file = resolveExistingFile(guard, args.path, "edit_file");
        if (!file.ok) return file;
        const read = readTextFile(file.absolute);
        if (!read.ok)
          return { ok: false, text: explainUnreadable(file.display, read, "edit_file") };
        let oldString = args.old_string as string;
        let newString = args.new_string as string;
        if (oldString === "") {
          return {
            ok: false,
            text: '"old_string" is empty. To add text, include the lines next to where it goes in old_string and repeat them in new_string; to create a file, use write_file.',
          };
        }
        if (oldString === newString)
          return {
            ok: false,
            text: "old_string and new_string are the same; there is nothing to change.",
          };
        const text = read.text;
        let offsets = occurrences(text, oldString);
        if (
          offsets.length === 0 &&
          text.includes("\r\n") &&
          oldString.includes("\n") &&
          !oldString.includes("\r\n")
        ) {
          // The file has Windows line endings; the model wrote Unix ones.
          oldString = oldString.replace(/\n/g, "\r\n");
          newString = newString.replace(/\r?\n/g, "\r\n");
          offsets = occurrences(text, oldString);
        }
        if (offsets.length === 0)
          return { ok: false, text: explainNotFound(file.display, text, oldString) };
        if (offsets.length > 1 && args.replace_all !== true) {
          const lines = offsets.slice(0, 10).map((offset) => lineAt(text, offset));
          const more = offsets.length > 10 ? ", …" : "";
          return {
            ok: false,
            text: `old_string occurs ${offsets.length} times in "${file.display}" (lines ${lines.join(", ")}${more}). Include more of the surrounding text so it matches exactly one place, or set replace_all to true to replace all ${offsets.length}.`,
          };
        }
        const replaced = replaceAt(text, offsets, oldString, newString);
        const size = Buffer.byteLength(replaced);
        if (size > MAX_WRITE_BYTES && size > read.size) {
          return {
            ok: false,
            text: `The edit would make "${file.display}" ${formatSize(size)}, over the ${formatSize(MAX_WRITE_BYTES)} limit.`,
          };
        }
        changes.remember(file.relative);
        writeFileAtomic(file.absolute, replaced);
        const firstLine = lineAt(replaced, offsets[0] as number);
        const summary = `Edited ${file.display}: replaced ${plural(offsets.length, "occurrence")} (${offsets.length === 1 ? `line ${firstLine}` : `first at line ${firstLine}`}).`;
        return {
          ok: true,
          text: `${summary}\n${excerpt(replaced, firstLine, splitLines(newString).length)}`,
        };
      },
    },
    guard.root,
  );
}

export function createDeleteFileTool({ guard, changes }: WriteToolContext): AgentTool {
  return defineTool(
    {
      name: "delete_file",
      description:
        "Deletes one file (not a folder). Pages linking to a deleted page, and its navigation entry in docs.json, must be updated too: check_docs finds them.",
      parameters: {
        path: { type: "string", description: "File to delete, relative to the repository root." },
      },
      required: ["path"],
      run(args) {
        const target = guard.resolve(args.path, { argument: "path", followLastLink: false });
        if (!target.ok) return target;
        if (target.kind === "none") return { ok: false, text: notFound(guard, target.display) };
        if (target.kind === "directory") {
          return {
            ok: false,
            text: `"${target.display}" is a folder; delete_file deletes one file at a time. List its files with list_files and path "${target.display}".`,
          };
        }
        if (target.kind === "other")
          return {
            ok: false,
            text: `"${target.display}" is not a regular file and cannot be deleted.`,
          };
        changes.remember(target.relative);
        rmSync(target.absolute);
        removeEmptyFolders(guard.root, path.dirname(target.absolute));
        const hint = isPageFile(target.relative)
          ? ` Links to "/${pagePath(target.relative)}" and its navigation entry in docs.json need updating; check_docs finds them.`
          : "";
        return { ok: true, text: `Deleted ${target.display}.${hint}` };
      },
    },
    guard.root,
  );
}

export function createMoveFileTool({ guard, changes }: WriteToolContext): AgentTool {
  return defineTool(
    {
      name: "move_file",
      description:
        "Moves or renames a file or a folder. Never overwrites: the destination must not exist. Links to the old path and docs.json navigation entries are not updated by this tool.",
      parameters: {
        from: {
          type: "string",
          description: "File or folder to move, relative to the repository root.",
        },
        to: {
          type: "string",
          description:
            "Its new path, relative to the repository root (folders are created as needed).",
        },
      },
      required: ["from", "to"],
      run(args) {
        const from = guard.resolve(args.from, { argument: "from", followLastLink: false });
        if (!from.ok) return from;
        if (from.kind === "none") return { ok: false, text: notFound(guard, from.display) };
        if (from.kind === "link")
          return {
            ok: false,
            text: `"${from.display}" is a symbolic link; move_file moves files and folders only.`,
          };
        if (from.kind === "other")
          return {
            ok: false,
            text: `"${from.display}" is not a regular file and cannot be moved.`,
          };
        const to = guard.resolve(args.to, { argument: "to" });
        if (!to.ok) return to;
        if (to.kind !== "none") {
          return {
            ok: false,
            text: `"${to.display}" already exists; move_file never overwrites. Choose another destination, or delete "${to.display}" first if it should go.`,
          };
        }
        if (from.kind === "directory" && confine(from.absolute, to.absolute) !== undefined) {
          return {
            ok: false,
            text: `"${to.display}" is inside "${from.display}"; a folder cannot be moved into itself.`,
          };
        }
        const moved =
          from.kind === "directory"
            ? walkFiles(from.absolute, from.relative).files.map(
                (file) =>
                  [file.relative, to.relative + file.relative.slice(from.relative.length)] as const,
              )
            : [[from.relative, to.relative] as const];
        for (const [source, destination] of moved) {
          changes.remember(source);
          changes.remember(destination);
        }
        mkdirSync(path.dirname(to.absolute), { recursive: true });
        renameSync(from.absolute, to.absolute);
        for (const [source, destination] of moved) changes.recordMove(source, destination);
        removeEmptyFolders(guard.root, path.dirname(from.absolute));
        const what = from.kind === "directory" ? ` (${plural(moved.length, "file")})` : "";
        const pages = moved.filter(([source]) => isPageFile(source));
        const hint =
          pages.length > 0
            ? ` Links and docs.json navigation entries still name the old ${pages.length === 1 ? `page "${pagePath((pages[0] as readonly [string, string])[0])}"` : "pages"}: find them with search_files, update them, then run check_docs.`
            : "";
        return { ok: true, text: `Moved ${from.display} to ${to.display}${what}.${hint}` };
      },
    },
    guard.root,
  );
}

/** Start offsets of every non-overlapping occurrence. */
function occurrences(text: string, search: string): number[] {
  const offsets: number[] = [];
  let index = text.indexOf(search);
  while (index !== -1) {
    offsets.push(index);
    index = text.indexOf(search, index + search.length);
  }
  return offsets;
}

function replaceAt(text: string, offsets: number[], oldString: string, newString: string): string {
  let result = "";
  let from = 0;
  for (const offset of offsets) {
    result += text.slice(from, offset) + newString;
    from = offset + oldString.length;
  }
  return result + text.slice(from);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (
    let index = text.indexOf("\n");
    index !== -1 && index < offset;
    index = text.indexOf("\n", index + 1)
  )
    line += 1;
  return line;
}

/** A few numbered lines around an edit, so the model sees the result without reading the file again. */
function excerpt(text: string, firstLine: number, changedLines: number): string {
  const lines = splitLines(text);
  const start = Math.max(1, firstLine - 2);
  const end = Math.min(lines.length, firstLine + Math.max(changedLines, 1) + 1, start + 14);
  const width = Math.max(String(end).length, 4);
  const shown: string[] = [];
  for (let number = start; number <= end; number++) {
    const content = lines[number - 1] as string;
    shown.push(
      `${String(number).padStart(width)}\t${content.length > 300 ? `${content.slice(0, 300)}…` : content}`,
    );
  }
  return shown.join("\n");
}

/** Why old_string was not found: line numbers copied from read_file, other spacing, or the closest line. */
function explainNotFound(display: string, text: string, oldString: string): string {
  const parts = [`old_string was not found in "${display}".`];
  const oldLines = oldString.split("\n").filter((line) => line.trim() !== "");
  if (oldLines.length > 0 && oldLines.every((line) => /^\s*\d+\t/.test(line))) {
    parts.push(
      "It seems to include the line numbers read_file shows (a number and a tab at the start of each line); leave those out.",
    );
  } else {
    const tokens = oldString.trim().split(/\s+/).filter(Boolean);
    const loose =
      tokens.length > 0
        ? new RegExp(
            tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"),
          ).exec(text)
        : null;
    if (loose) {
      parts.push(
        `The same words appear at line ${lineAt(text, loose.index)} with different spacing, indentation or line breaks; copy the text exactly as read_file shows it.`,
      );
    } else {
      const closest = closestLine(text, oldLines[0] ?? oldString);
      if (closest)
        parts.push(
          `The most similar line is ${closest.line}: ${JSON.stringify(closest.text.length > 200 ? `${closest.text.slice(0, 200)}…` : closest.text)}.`,
        );
    }
  }
  parts.push("old_string must match the file exactly; read the current text with read_file first.");
  return parts.join(" ");
}

/** The file line most like `target` (bigram similarity), if any is reasonably close. */
function closestLine(text: string, target: string): { line: number; text: string } | undefined {
  const wanted = bigrams(target.trim());
  if (wanted.size === 0) return undefined;
  let best: { line: number; text: string; score: number } | undefined;
  splitLines(text).forEach((content, index) => {
    const candidate = bigrams(content.trim());
    if (candidate.size === 0) return;
    let shared = 0;
    for (const pair of wanted) if (candidate.has(pair)) shared += 1;
    const score = (2 * shared) / (wanted.size + candidate.size);
    if (!best || score > best.score) best = { line: index + 1, text: content, score };
  });
  return best && best.score >= 0.5 ? { line: best.line, text: best.text } : undefined;
}

function bigrams(text: string): Set<string> {
  const pairs = new Set<string>();
  for (let index = 0; index < text.length - 1; index++) pairs.add(text.slice(index, index + 2));
  return pairs;
}

/** Removes folders left empty by a delete or move, up to (not including) the root. */
function removeEmptyFolders(root: string, folder: string): void {
  let current = folder;
  while (current !== root && confine(root, current) !== undefined) {
    try {
      if (readdirSync(current).length > 0) return;
      rmdirSync(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}

export function isPageFile(relative: string): boolean {
  return /\.(mdx|md)$/i.test(relative) && !relative.split("/").includes("snippets");
}

function pagePath(relative: string): string {
  return relative.replace(/\.(mdx|md)$/i, "");
}
