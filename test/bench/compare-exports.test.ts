import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compareFolders } from "../../bench/compare-exports.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding these files (relative path → content). */
function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "compare-exports-"));
  folders.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

describe("compareFolders (the check that an exporter change keeps its output)", () => {
  it("finds nothing between two exports with the same files and bytes", () => {
    const files = { "index.html": "<p>Home</p>", "guides/intro.md": "# Intro\n" };
    expect(compareFolders(folderWith(files), folderWith(files))).toEqual([]);
  });

  it("names a nested file whose bytes differ, and files present on one side only", () => {
    const before = folderWith({ "guides/intro.html": "<p>a</p>", "old.html": "x", "same.md": "s" });
    const after = folderWith({ "guides/intro.html": "<p>b</p>", "new.html": "y", "same.md": "s" });
    expect(compareFolders(before, after)).toEqual([
      "differs: guides/intro.html",
      "only before: old.html",
      "only after: new.html",
    ]);
  });

  it("sets aside the engine's fingerprint in the manifest, and nothing else of it", () => {
    const manifest = (generator: string, pageCount: number): string =>
      JSON.stringify({ formatVersion: 1, generator, pageCount });
    const before = folderWith({ "quire-export.json": manifest("quire aaaa", 3) });
    expect(
      compareFolders(before, folderWith({ "quire-export.json": manifest("quire bbbb", 3) })),
    ).toEqual([]);
    expect(
      compareFolders(before, folderWith({ "quire-export.json": manifest("quire aaaa", 4) })),
    ).toEqual(["differs: quire-export.json"]);
  });
});
