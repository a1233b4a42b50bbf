import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderSize, markUsed, pruneToSize } from "../../src/files/size-capped-folder.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/** Writes a file of `kilobytes` KB last used `minutesAgo` minutes ago. */
function entry(root: string, name: string, kilobytes: number, minutesAgo: number): string {
  const file = path.join(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(kilobytes * 1024));
  const time = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, time, time);
  return file;
}

describe("a size-capped cache folder", () => {
  it("removes the least recently used files until it fits the cap, and the folders left empty", () => {
    const root = makeTempDir();
    const oldest = entry(root, "sites/a/aa/1.json", 40, 50);
    const older = entry(root, "sites/a/ab/2.json", 40, 40);
    const recent = entry(root, "sites/b/ba/3.json", 40, 5);
    const newest = entry(root, "sites/b/bb/4.json", 40, 1);
    const result = pruneToSize(root, 100 * 1024);
    expect(result).toEqual({
      before: 160 * 1024,
      after: 80 * 1024,
      removedFiles: 2,
      removedRecent: 0,
    });
    expect([oldest, older].map((file) => existsSync(file))).toEqual([false, false]);
    expect([recent, newest].map((file) => existsSync(file))).toEqual([true, true]);
    expect(existsSync(path.join(root, "sites/a"))).toBe(false);
    expect(folderSize(root)).toMatchObject({ bytes: 80 * 1024, files: 2 });
  });

  it("keeps an old entry that was just used, and removes nothing under the cap", () => {
    const root = makeTempDir();
    const reused = entry(root, "x/reused.gz", 60, 500);
    const stale = entry(root, "x/stale.gz", 60, 10);
    markUsed(reused);
    expect(pruneToSize(root, 1024 * 1024).removedFiles).toBe(0);
    pruneToSize(root, 64 * 1024);
    expect(existsSync(reused)).toBe(true);
    expect(existsSync(stale)).toBe(false);
  });

  it("counts the removed files used since a moment: an export's own entries, when the cap is too small for them", () => {
    const root = makeTempDir();
    entry(root, "a/old.json", 40, 60);
    const exportStarted = Date.now() - 2 * 60_000;
    entry(root, "a/written.json", 40, 1);
    entry(root, "a/read.json", 40, 0);
    const result = pruneToSize(root, 50 * 1024, exportStarted);
    expect(result).toMatchObject({ removedFiles: 2, removedRecent: 1, after: 40 * 1024 });
    // Room for every entry this export used: none of its own go.
    entry(root, "b/old.json", 40, 60);
    expect(pruneToSize(root, 60 * 1024, exportStarted)).toMatchObject({
      removedFiles: 1,
      removedRecent: 0,
    });
  });
});
