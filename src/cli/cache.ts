import { rmSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { formatBytes } from "../common/format-bytes.ts";
import { plural } from "../common/plural.ts";
import { defaultExportCacheDir, siteCacheDirectory } from "../config/cache-directory.ts";
import { folderSize } from "../files/size-capped-folder.ts";
import { print, table } from "./admin-context.ts";
import { listSiteCaches } from "./export-cache.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";

interface CacheFlags {
  cacheDir?: string;
  json?: boolean;
}

/** `quire cache info` and `quire cache clean`: the local export cache, where it is and its size. */
export function registerCacheCommand(program: Command): void {
  const cache = program
    .command("cache")
    .description(
      "The local export cache of quire export: one folder per site, kept under a size cap (--cache-max).",
    );

  const info = cache
    .command("info")
    .description("Print where the export cache is, its size and cap, and each site's share.")
    .option("--cache-dir <DIR>", `the cache (default: ${defaultExportCacheDir()})`)
    .option("--json", "print JSON");
  addSettingOptions(info, ["exportCacheMaxMb"]).action((flags: CacheFlags) => {
    const root = path.resolve(flags.cacheDir ?? defaultExportCacheDir());
    const { exportCacheMaxMb } = configFromFlags({ ...flags }, ["exportCacheMaxMb"]);
    const { bytes, files } = folderSize(root);
    const sites = listSiteCaches(root);
    print(
      flags.json === true,
      { directory: root, bytes, files, maxBytes: exportCacheMaxMb * 1024 * 1024, sites },
      () =>
        [
          `Export cache: ${root}`,
          `Size: ${formatBytes(bytes)} in ${plural(files, "file")}, of at most ${formatBytes(exportCacheMaxMb * 1024 * 1024)} (--cache-max, QUIRE_EXPORT_CACHE_MAX)`,
          "",
          table(
            ["SITE", "SIZE", "LAST USED"],
            sites.map((site) => [
              site.folder ?? site.directory,
              formatBytes(site.bytes),
              site.lastUsed ?? "",
            ]),
          ),
        ].join("\n"),
    );
  });

  cache
    .command("clean")
    .description("Empty the export cache, or only one site's part of it.")
    .argument("[DOCS_DIR]", "only the cache of this documentation folder")
    .option("--cache-dir <DIR>", `the cache (default: ${defaultExportCacheDir()})`)
    .option("--json", "print JSON")
    .action((docsDir: string | undefined, flags: CacheFlags) => {
      const root = path.resolve(flags.cacheDir ?? defaultExportCacheDir());
      const target = docsDir === undefined ? root : siteCacheDirectory(root, docsDir);
      const { bytes, files } = folderSize(target);
      rmSync(target, { recursive: true, force: true });
      print(
        flags.json === true,
        { directory: target, removedBytes: bytes, removedFiles: files },
        () => `Removed ${plural(files, "file")} (${formatBytes(bytes)}) from ${target}`,
      );
    });
}
