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
