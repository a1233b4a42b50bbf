import { type Dirent, readdirSync, rmdirSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";

/**
 * A cache folder kept under a size cap, least recently used first out. "Used" is a file's
 * modification time: writing an entry sets it, and a reader that finds an entry calls
 * `markUsed`, so an entry every export reads stays however old it is.
 */

/** Marks a cache entry as just used; a file that cannot be touched is only pruned earlier. */
export function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Gone meanwhile, or read-only: nothing to keep fresh.
  }
}

interface Entry {
  file: string;
  size: number;
  usedMs: number;
}

/** Every file under `root` with its size and last use; a folder that cannot be read adds nothing. */
function listEntries(root: string): Entry[] {
  const entries: Entry[] = [];
  let names: string[];
  try {
    names = readdirSync(root, { recursive: true }).map(String);
  } catch {
    return entries;
  }
  for (const name of names) {
    const file = path.join(root, name);
    const info = statSync(file, { throwIfNoEntry: false });
    if (info?.isFile()) entries.push({ file, size: info.size, usedMs: info.mtimeMs });
  }
  return entries;
}

/** The total size of the files under `root`, in bytes, how many there are, and the newest use. */
export function folderSize(root: string): {
  bytes: number;
  files: number;
  newestMs: number | null;
} {
  const entries = listEntries(root);
  return {
    bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    files: entries.length,
    newestMs: entries.reduce<number | null>(
      (newest, entry) => (newest === null || entry.usedMs > newest ? entry.usedMs : newest),
      null,
    ),
  };
}

/** How far a file's timestamp may run behind `Date.now()` (the kernel stamps it from a coarser clock). */
const FILE_CLOCK_MARGIN_MS = 100;

export interface PruneResult {
  /** Bytes under the root before and after. */
  before: number;
  after: number;
  removedFiles: number;
  /** Of the removed files, those written or used at or after `usedSinceMs`. */
  removedRecent: number;
}

/**
 * Removes the least recently used files under `root` until it holds at most `maxBytes`, then
 * the folders that became empty. Concurrent exports may share the root: a file another one
 * removes first is simply not counted twice. `usedSinceMs` (an export's start, `Date.now()`)
 * counts the removed files that export wrote or read: when there are any, the cap is smaller
 * than it needs.
 */
export function pruneToSize(
  root: string,
  maxBytes: number,
  usedSinceMs = Number.POSITIVE_INFINITY,
): PruneResult {
  const entries = listEntries(root);
  const before = entries.reduce((sum, entry) => sum + entry.size, 0);
  let total = before;
  let removedFiles = 0;
  let removedRecent = 0;
  if (total > maxBytes) {
    entries.sort((a, b) => a.usedMs - b.usedMs);
    for (const entry of entries) {
      if (total <= maxBytes) break;
      rmSync(entry.file, { force: true });
      total -= entry.size;
      removedFiles += 1;
      if (entry.usedMs >= usedSinceMs - FILE_CLOCK_MARGIN_MS) removedRecent += 1;
    }
    removeEmptyFolders(root, root);
  }
  return { before, after: total, removedFiles, removedRecent };
}

/** Removes the empty folders below `folder` (never `root` itself); returns whether it is empty. */
function removeEmptyFolders(folder: string, root: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return false; // removed meanwhile by another export's pruning
  }
  let empty = true;
  for (const entry of entries) {
    if (entry.isDirectory() && removeEmptyFolders(path.join(folder, entry.name), root)) continue;
    empty = false;
  }
  if (empty && folder !== root) {
    try {
      rmdirSync(folder);
    } catch {
      return false; // another export wrote into it meanwhile
    }
  }
  return empty;
}
