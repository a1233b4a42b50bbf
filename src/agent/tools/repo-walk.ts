import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";

/** Folders never listed or searched: git's own data, and installed packages. */
const SKIPPED_FOLDERS = new Set([".git", "node_modules"]);

/** A walk stops after this many entries, so a pathological tree cannot stall a tool. */
export const MAX_WALK_ENTRIES = 200_000;

export interface WalkedFile {
  /** Repository-relative, forward slashes. */
  relative: string;
  absolute: string;
  /** A symbolic link (never followed by the walk). */
  isLink: boolean;
}

export interface WalkResult {
  files: WalkedFile[];
  /** Whether MAX_WALK_ENTRIES was reached before the end. */
  truncated: boolean;
}

/**
 * The files under a folder of the checkout, sorted by path. Symbolic links are reported as
 * entries but never followed, so a walk cannot leave the checkout; `.git` and
 * `node_modules` are skipped.
 */
export function walkFiles(absoluteFolder: string, relativeFolder: string): WalkResult {
  const files: WalkedFile[] = [];
  let visited = 0;
  let truncated = false;
  const visit = (absolute: string, relative: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      return; // unreadable folder: nothing to report inside it
    }
    for (const entry of entries) {
      if (truncated) return;
      if (++visited > MAX_WALK_ENTRIES) {
        truncated = true;
        return;
      }
      const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
      const entryAbsolute = path.join(absolute, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name.toLowerCase())) visit(entryAbsolute, entryRelative);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        files.push({
          relative: entryRelative,
          absolute: entryAbsolute,
          isLink: entry.isSymbolicLink(),
        });
      }
    }
  };
  visit(absoluteFolder, relativeFolder);
  files.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return { files, truncated };
}
