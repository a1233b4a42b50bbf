import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { quireOutput, runQuireSync } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/** The export cache: one folder per site, a size cap, `quire cache info` and `quire cache clean`. */

const SITE = {
  "docs.json": JSON.stringify({
    name: "Cached",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "guide"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo things.\n",
};

const SLOW = 300_000;

/** Exports `docs` with the cache in `cacheHome` (XDG_CACHE_HOME); returns the summary line. */
function exportWith(cacheHome: string, docs: string, extra: string[] = []): string {
  const run = runQuireSync(
    ["export", docs, "-o", path.join(makeTempDir(), "site.tar.gz"), ...extra],
    { env: { XDG_CACHE_HOME: cacheHome } },
  );
  expect(run.code, run.stderr).toBe(0);
  return run.stderr;
}

function cacheInfo(
  cacheHome: string,
  extra: string[] = [],
): {
  bytes: number;
  sites: { folder: string }[];
} {
  return JSON.parse(
    quireOutput(["cache", "info", "--json", ...extra], { env: { XDG_CACHE_HOME: cacheHome } }),
  );
}

describe("the export cache", () => {
  it(
    "is the site folder's own: a fresh clone elsewhere starts empty, and cache clean empties it",
    () => {
      const cacheHome = makeTempDir();
      const docs = makeRepo(SITE);
      expect(exportWith(cacheHome, docs)).not.toContain("from cache");
      expect(exportWith(cacheHome, docs)).toContain("Exported 2 pages (2 unchanged, from cache)");
      // The same repository cloned into another folder: its first export is a first export.
      const clone = path.join(makeTempDir(), "clone");
      cpSync(docs, clone, { recursive: true });
      expect(exportWith(cacheHome, clone)).not.toContain("from cache");
      expect(
        cacheInfo(cacheHome)
          .sites.map((site) => site.folder)
          .sort(),
      ).toEqual([docs, clone].sort());

      const cleanSite = runQuireSync(["cache", "clean", clone], {
        env: { XDG_CACHE_HOME: cacheHome },
      });
      expect(cleanSite.stdout).toMatch(/^Removed \d+ files \([\d.]+ KB\) from /);
      expect(cacheInfo(cacheHome).sites.map((site) => site.folder)).toEqual([docs]);
      quireOutput(["cache", "clean"], { env: { XDG_CACHE_HOME: cacheHome } });
      expect(cacheInfo(cacheHome)).toMatchObject({ bytes: 0, sites: [] });
      expect(exportWith(cacheHome, docs)).not.toContain("from cache");
    },
    SLOW,
  );

  it(
    "stays under --cache-max, removing the least recently used entries first",
    () => {
      const cacheHome = makeTempDir();
      const sites = [1, 2, 3].map((number) =>
        makeRepo({ ...SITE, "index.mdx": `---\ntitle: Home\n---\n\nSite ${number}.\n` }),
      );
      for (const docs of sites) exportWith(cacheHome, docs, ["--cache-max", "1"]);
      const info = cacheInfo(cacheHome, ["--cache-max", "1"]);
      expect(info.bytes).toBeGreaterThan(0);
      expect(info.bytes).toBeLessThanOrEqual(1024 * 1024);
      // The site exported last kept its entries.
      expect(exportWith(cacheHome, sites[2] as string, ["--cache-max", "1"])).toContain(
        "(2 unchanged, from cache)",
      );
    },
    SLOW,
  );

  it(
    "says when the cap is smaller than one export's own entries, which the next export renders again",
    () => {
      const cacheHome = makeTempDir();
      // A page of about 700 KB: its render cache entry alone is past a cap of 1 MB with the rest.
      const words = Array.from({ length: 70_000 }, (_, index) => `word${index}`).join(" ");
      const docs = makeRepo({ ...SITE, "guide.mdx": `---\ntitle: Guide\n---\n\n${words}\n` });
      expect(exportWith(cacheHome, docs, ["--cache-max", "1"])).toMatch(
        /quire: warning: the export cache holds at most 1 MB, less than this site needs: \d+ entr(y|ies) this export wrote or read had to be removed, and the next export renders their pages again \(raise the cap with --cache-max or QUIRE_EXPORT_CACHE_MAX\)\n/,
      );
      // With room for them, the next export says nothing of the kind and reuses the cache.
      const roomy = exportWith(cacheHome, docs, ["--cache-max", "64"]);
      expect(roomy).not.toContain("less than this site needs");
      expect(exportWith(cacheHome, docs, ["--cache-max", "64"])).toContain(
        "(2 unchanged, from cache)",
      );
    },
    SLOW,
  );

  it(
    "goes on without a default cache it cannot write, saying so once; a --cache-dir it cannot write is one line",
    () => {
      const blocked = path.join(makeTempDir(), "a-file");
      writeFileSync(blocked, "not a folder");
      const docs = makeRepo(SITE);
      const stderr = exportWith(blocked, docs);
      expect(stderr.match(/warning: the export cache .* cannot be written/g)).toHaveLength(1);
      expect(stderr).toContain("Exported 2 pages");

      const run = runQuireSync(["export", docs, "--cache-dir", path.join(blocked, "cache")]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `quire: cannot write ${path.join(blocked, "cache")} (the export cache, --cache-dir): part of the path is a file, not a folder\n`,
      );
    },
    SLOW,
  );
});
