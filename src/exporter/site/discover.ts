import { readdirSync } from "node:fs";
import path from "node:path";

import type { IgnoreMatcher } from "./ignore.ts";

export interface RepositoryListing {
  /** Page sources (`.mdx`, `.md`), repository-relative, sorted. */
  pages: string[];
  /** Every other file (images, downloads, snippets, config), repository-relative, sorted. */
  files: string[];
}

/**
 * Lists the repository: page sources and other files. Ignored paths (`.mintignore` and the
 * defaults) and dot-folders are skipped; files under `snippets/` (or `_snippets/`) are fragments, not pages.
 * Symbolic links are not followed, so nothing outside the repository is ever listed.
 */
export function listRepository(root: string, ignored: IgnoreMatcher): RepositoryListing {
  const pages: string[] = [];
  const files: string[] = [];
  const walk = (directory: string, relative: string): void => {
    const entries = readdirSync(directory, { withFileTypes: true });
    for (const entry of entries) {
      const entryRelative = relative ? `${relative}/${entry.name}` : entry.name;
      if (ignored(entryRelative, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        if (entry.name.startsWith(".")) continue;
        walk(path.join(directory, entry.name), entryRelative);
      } else if (entry.isFile()) {
        if (entry.name.startsWith(".")) continue;
        if (isPageSource(entryRelative)) {
          pages.push(entryRelative);
        } else {
          files.push(entryRelative);
        }
      }
      // Symbolic links are deliberately neither followed nor listed.
    }
  };
  walk(root, "");
  pages.sort();
  files.sort();
  return { pages, files };
}

/**
 * Whether a listed file is a page source: `.mdx` or `.md`, and not a fragment under
 * `snippets/` or (Mintlify's older folder) `_snippets/`.
 */
export function isPageSource(relativePath: string): boolean {
  const isSnippet =
    relativePath.startsWith("snippets/") ||
    relativePath.includes("/snippets/") ||
    relativePath.startsWith("_snippets/");
  return /\.(mdx|md)$/i.test(relativePath) && !isSnippet;
}

/**
 * Whether listRepository would list a file at this path (were it there): no ignored or dot
 * folder on its way, and not ignored or a dot-file itself.
 */
export function isListedPath(relativePath: string, ignored: IgnoreMatcher): boolean {
  const parts = relativePath.split("/");
  for (let index = 0; index < parts.length; index++) {
    const isFile = index === parts.length - 1;
    if ((parts[index] as string).startsWith(".")) return false;
    if (ignored(parts.slice(0, index + 1).join("/"), !isFile)) return false;
  }
  return true;
}
