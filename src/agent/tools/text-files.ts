import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { formatBytes as formatSize } from "../../common/format-bytes.ts";
import { plural } from "../../common/plural.ts";

/** Largest file read_file, edit_file and search_files open; bigger files are data, not docs. */
export const MAX_TEXT_FILE_BYTES = 20 * 1024 * 1024;

export type TextRead =
  | { ok: true; text: string; size: number }
  | { ok: false; reason: "binary" | "too-large" | "not-a-file"; size: number };

/**
 * Reads a file as UTF-8 text, refusing binary content: a NUL byte in the first 8 KB or bytes
 * that are not valid UTF-8. A byte-order mark is kept, so a file edited round-trips exactly.
 */
export function readTextFile(absolute: string, maxBytes = MAX_TEXT_FILE_BYTES): TextRead {
  const stats = statSync(absolute);
  if (!stats.isFile()) return { ok: false, reason: "not-a-file", size: 0 };
  if (stats.size > maxBytes) return { ok: false, reason: "too-large", size: stats.size };
  const bytes = readFileSync(absolute);
  const text = decodeText(bytes);
  if (text === undefined) return { ok: false, reason: "binary", size: bytes.length };
  return { ok: true, text, size: bytes.length };
}

export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Why a file cannot be shown as text, as a sentence for the model. */
export function explainUnreadable(
  display: string,
  read: Extract<TextRead, { ok: false }>,
  tool: string,
): string {
  switch (read.reason) {
    case "binary":
      return `"${display}" is a binary file (${formatSize(read.size)}; not UTF-8 text), so ${tool} cannot show or change it. Binary files such as images can only be moved or deleted.`;
    case "too-large":
      return `"${display}" is ${formatSize(read.size)}, over the ${formatSize(MAX_TEXT_FILE_BYTES)} limit of ${tool}; use search_files to find what you need in it.`;
    case "not-a-file":
      return `"${display}" is not a regular file.`;
  }
}

/**
 * Writes a file whole or not at all: into a temporary file beside it, then renamed over it.
 * Renaming also gives the file a fresh inode, so a hard link to a file elsewhere is never
 * written through.
 */
export function writeFileAtomic(absolute: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(absolute), { recursive: true });
  const temporary = path.join(
    path.dirname(absolute),
    `.quire-write-${randomBytes(6).toString("hex")}.tmp`,
  );
  let mode: number | undefined;
  try {
    mode = statSync(absolute).mode & 0o7777; // keep an existing file's permissions
  } catch {
    mode = undefined;
  }
  try {
    writeFileSync(temporary, content, { flag: "wx", mode });
    renameSync(temporary, absolute);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Lines of a text, without their line endings; a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** Sizes the tools tell the model, written as everywhere else in Quire. */
export { formatSize };

export { plural };
