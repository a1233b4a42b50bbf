import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { list } from "tar";
import { describe, expect, it } from "vitest";
import {
  packDirectory,
  prepareCompressedEntry,
  prepareCompressedEntrySync,
} from "../../../src/exporter/output/archive.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

describe("packing the bundle", () => {
  it("packs every file at the archive root with its size and SHA-256", async () => {
    const site = makeRepo({
      "index.html": "<h1>Hi</h1>",
      "guides/intro.html": "x",
      "_quire/a.css": "body{}",
    });
    const destination = path.join(makeTempDir(), "site.tar.gz");
    const result = await packDirectory(site, destination);
    const entries: string[] = [];
    await list({ file: destination, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(["_quire/a.css", "guides/intro.html", "index.html"]);
    expect(result.sizeBytes).toBe(readFileSync(destination).length);
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives byte-identical archives for the same files", async () => {
    const files = { "index.html": "same", "b/c.html": "same too" };
    const output = makeTempDir();
    const first = await packDirectory(makeRepo(files), path.join(output, "1.tar.gz"));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await packDirectory(makeRepo(files), path.join(output, "2.tar.gz"));
    expect(second.sha256).toBe(first.sha256);
  });

  it("packs prepared entries the folder does not hold where a walk of the folder would put them", async () => {
    const files = { "a/b.html": "b", "a/c.html": "c", "a-b.html": "dash", "z.md": "z" };
    const output = makeTempDir();
    const whole = await packDirectory(makeRepo(files), path.join(output, "whole.tar.gz"));
    // Only two files are written; the other two exist as compressed entries only, one
    // compressed on libuv's pool and one on this thread, as a render thread does.
    const cacheDir = path.join(output, "cache");
    const prepared = new Map<string, string>();
    prepared.set("a/b.html", await prepareCompressedEntry(cacheDir, "a/b.html", Buffer.from("b")));
    prepared.set("z.md", prepareCompressedEntrySync(cacheDir, "z.md", Buffer.from("z")));
    const staged = makeRepo({ "a/c.html": "c", "a-b.html": "dash" });
    const destination = path.join(output, "staged.tar.gz");
    const result = await packDirectory(staged, destination, { cacheDir, prepared });
    const entries: string[] = [];
    await list({ file: destination, onReadEntry: (entry) => entries.push(entry.path) });
    // Folder by folder: "a/" before "a-b.html", although "-" sorts before "/" as text.
    expect(entries).toEqual(["a/b.html", "a/c.html", "a-b.html", "z.md"]);
    expect(result.sha256).toBe(whole.sha256);
  });

  it("names the file when a prepared entry left the cache and the folder does not hold it", async () => {
    const output = makeTempDir();
    const cacheDir = path.join(output, "cache");
    const key = await prepareCompressedEntry(cacheDir, "guide.html", Buffer.from("<p>Hi</p>"));
    rmSync(path.join(cacheDir, `${key}.gz`));
    await expect(
      packDirectory(makeRepo({ "index.html": "x" }), path.join(output, "site.tar.gz"), {
        cacheDir,
        prepared: new Map([["guide.html", key]]),
      }),
    ).rejects.toThrow(/"guide\.html" left the export cache/);
    expect(() => readFileSync(path.join(output, "site.tar.gz"))).toThrow();
  });

  it("leaves no partial archive behind when packing fails", async () => {
    const output = makeTempDir();
    await expect(
      packDirectory(path.join(output, "missing"), path.join(output, "site.tar.gz")),
    ).rejects.toThrow();
    expect(() => readFileSync(path.join(output, "site.tar.gz"))).toThrow();
  });
});
