import { mkdirSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a file, making its folder only when the write finds it missing: an export writes
 * thousands of files into folders that mostly exist already, and asking for each folder first
 * is a system call (and a lock on its parent) per file.
 */
export function writeFileIntoFolder(file: string, content: string | Uint8Array): void {
  inMadeFolder(file, () => writeFileSync(file, content));
}

/**
 * Opens a file with `flags` ("a" to append), making its folder only when the open finds it
 * missing, as `writeFileIntoFolder` does; returns the descriptor.
 */
export function openFileIntoFolder(file: string, flags: string): number {
  return inMadeFolder(file, () => openSync(file, flags));
}

/** Runs `create`, and again once `file`'s folder is made if it failed for want of the folder. */
function inMadeFolder<T>(file: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    return create();
  }
}
