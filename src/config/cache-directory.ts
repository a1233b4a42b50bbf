import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * Where `quire export` keeps its render cache when no `--cache-dir` is given:
 * `$XDG_CACHE_HOME/quire/export`, else `~/.cache/quire/export`.
 */
export function defaultExportCacheDir(environment: NodeJS.ProcessEnv = process.env): string {
  const base =
    environment.XDG_CACHE_HOME && path.isAbsolute(environment.XDG_CACHE_HOME)
      ? environment.XDG_CACHE_HOME
      : path.join(os.homedir(), ".cache");
  return path.join(base, "quire", "export");
}

/** The folder of the cache root that holds the sites' caches, one folder each. */
export function siteCachesDirectory(cacheRoot: string): string {
  return path.join(cacheRoot, "sites");
}

/**
 * One site's own cache in the cache root, named by a hash of the site folder's absolute path:
 * another checkout of the same repository (a fresh clone elsewhere) starts with an empty cache,
 * so its first export is a first export, and one site's entries never answer for another's.
 */
export function siteCacheDirectory(cacheRoot: string, siteFolder: string): string {
  const key = createHash("sha256").update(path.resolve(siteFolder)).digest("hex").slice(0, 16);
  return path.join(siteCachesDirectory(cacheRoot), key);
}
