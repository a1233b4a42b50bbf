import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  defaultExportCacheDir,
  siteCacheDirectory,
  siteCachesDirectory,
} from "../config/cache-directory.ts";
import { UnwritablePathError } from "../domain/errors.ts";
import { folderSize, type PruneResult, pruneToSize } from "../files/size-capped-folder.ts";
import { writeProblem } from "../files/writable-folder.ts";

/** The file in a site's cache folder that names the site, for `quire cache info`. */
const SITE_RECORD = "site.json";

export interface ExportCache {
  /** The cache root: every site's cache is a folder inside. */
  root: string;
  /** This site's own cache folder, handed to the exporter. */
  siteDirectory: string;
  /**
   * Removes the least recently used entries of every site until the root fits the cap, and
   * counts those this export wrote or read (`usedSinceMs`, its start).
   */
  prune(maxMb: number, usedSinceMs: number): PruneResult;
}

/**
 * The cache of one export: this site's folder in the cache root (`--cache-dir`, else the user's
 * cache folder). A `--cache-dir` that cannot be written is an error naming it; the default one
 * is only a warning, once, and the export goes on without a cache.
 */
export function openExportCache(
  docsDir: string,
  cacheDirFlag: string | undefined,
  quiet: boolean,
): ExportCache | undefined {
  const root = path.resolve(cacheDirFlag ?? defaultExportCacheDir());
  const siteDirectory = siteCacheDirectory(root, docsDir);
  const problem = writeProblem(siteDirectory);
  if (problem) {
    if (cacheDirFlag !== undefined)
      throw new UnwritablePathError("the export cache, --cache-dir", root, problem);
    if (!quiet)
      process.stderr.write(
        `quire: warning: the export cache ${root} cannot be written (${problem}): exporting without it (choose another with --cache-dir, or pass --no-cache)\n`,
      );
    return undefined;
  }
  try {
    writeFileSync(
      path.join(siteDirectory, SITE_RECORD),
      `${JSON.stringify({ folder: path.resolve(docsDir) })}\n`,
    );
  } catch {
    // Only `quire cache info` reads it.
  }
  return {
    root,
    siteDirectory,
    prune: (maxMb, usedSinceMs) => pruneToSize(root, maxMb * 1024 * 1024, usedSinceMs),
  };
}

export interface SiteCacheInfo {
  /** The site folder it was made for, when its record is there. */
  folder: string | null;
  directory: string;
  bytes: number;
  files: number;
  /** The last export that used it: the newest entry's time. */
  lastUsed: string | null;
}

/** Every site's cache under the root, most recently used first. */
export function listSiteCaches(root: string): SiteCacheInfo[] {
  const sites = siteCachesDirectory(root);
  let names: string[];
  try {
    names = readdirSync(sites);
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const directory = path.join(sites, name);
      const { bytes, files, newestMs } = folderSize(directory);
      let folder: string | null = null;
      try {
        folder = String(JSON.parse(readFileSync(path.join(directory, SITE_RECORD), "utf8")).folder);
      } catch {
        // A record pruned away: the cache is still listed, by its folder.
      }
      return {
        folder,
        directory,
        bytes,
        files,
        lastUsed: newestMs === null ? null : new Date(newestMs).toISOString(),
      };
    })
    .filter((site) => statSync(site.directory, { throwIfNoEntry: false })?.isDirectory())
    .sort((a, b) => (b.lastUsed ?? "").localeCompare(a.lastUsed ?? ""));
}
