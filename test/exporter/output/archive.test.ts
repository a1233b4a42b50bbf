import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { list } from "tar";
import { describe, expect, it } from "vitest";
import {
  ArchiveEntryCache,
  packDirectory,
  prepareCompressedEntry,
  prepareCompressedEntrySync,
} from "../../../src/exporter/output/archive.ts";
import { collectGarbageNow } from "../../helpers/garbage.ts";
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
    const cache = new ArchiveEntryCache(cacheDir);
    const prepared = new Map<string, string>();
    prepared.set("a/b.html", await prepareCompressedEntry(cache, "a/b.html", Buffer.from("b")));
    prepared.set("z.md", prepareCompressedEntrySync(cache, "z.md", Buffer.from("z")));
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
    const key = await prepareCompressedEntry(
      new ArchiveEntryCache(cacheDir),
      "guide.html",
      Buffer.from("<p>Hi</p>"),
    );
    // Another export keeping the cache under its cap removed the pack holding it.
    for (const name of readdirSync(cacheDir)) rmSync(path.join(cacheDir, name));
    await expect(
      packDirectory(makeRepo({ "index.html": "x" }), path.join(output, "site.tar.gz"), {
        cacheDir,
        prepared: new Map([["guide.html", key]]),
      }),
    ).rejects.toThrow(/"guide\.html" left the export cache/);
    expect(() => readFileSync(path.join(output, "site.tar.gz"))).toThrow();
  });

  it("packs a file of several MiB, cut into gzip members, to the same bytes however it was compressed", async () => {
    // 4.5 MiB (five members, more than are compressed at once) of text that does not repeat
    // within deflate's window, as llms-full.txt does not.
    let large = "";
    for (let index = 0; large.length < 4.5 * 1024 * 1024; index++)
      large += `Line ${index}: ${((index * 2654435761) % 4294967296).toString(36)} of the site's text.\n`;
    const files = { "index.html": "<h1>Hi</h1>", "llms-full.txt": large };
    const output = makeTempDir();
    const plain = await packDirectory(makeRepo(files), path.join(output, "plain.tar.gz"));
    // With a cache: compressed on zlib's pool, then read back from the cache by a second export.
    const cacheDir = path.join(output, "cache");
    const cached = await packDirectory(makeRepo(files), path.join(output, "cached.tar.gz"), {
      cacheDir,
    });
    const again = await packDirectory(makeRepo(files), path.join(output, "again.tar.gz"), {
      cacheDir,
    });
    // Prepared on the calling thread, as a render thread prepares its pages.
    const syncCache = path.join(output, "sync-cache");
    const prepared = new Map([
      [
        "llms-full.txt",
        prepareCompressedEntrySync(
          new ArchiveEntryCache(syncCache),
          "llms-full.txt",
          Buffer.from(large),
        ),
      ],
    ]);
    const fromThread = await packDirectory(
      makeRepo({ "index.html": files["index.html"] }),
      path.join(output, "thread.tar.gz"),
      { cacheDir: syncCache, prepared },
    );
    expect([cached.sha256, again.sha256, fromThread.sha256]).toEqual([
      plain.sha256,
      plain.sha256,
      plain.sha256,
    ]);
    // GNU tar reads the members as one stream and gets the file back whole.
    const unpacked = makeTempDir();
    execFileSync("tar", ["-xzf", plain.path, "-C", unpacked]);
    expect(readFileSync(path.join(unpacked, "llms-full.txt"), "utf8")).toBe(large);
    expect(readFileSync(path.join(unpacked, "index.html"), "utf8")).toBe("<h1>Hi</h1>");
  });

  it("packs a file past 8 MiB a member at a time, to the same bytes as whole, without holding it in memory", async () => {
    // 32 MiB that do not compress, under a name long enough for a PAX header before ustar's:
    // large enough to stand well clear of what packing holds (below).
    const name = `${"long-folder-name/".repeat(8)}video.bin`;
    const large = randomBytes(32 * 1024 * 1024);
    const output = makeTempDir();
    const site = makeTempDir();
    mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    writeFileSync(path.join(site, name), large);
    writeFileSync(path.join(site, "index.html"), "<h1>Hi</h1>");

    // Buffers still held, sampled after a collection: what the collector has not reached yet
    // varies from run to run (up to 22 MiB of it once in CI).
    const heldBuffers = (): number => {
      collectGarbageNow();
      return process.memoryUsage().arrayBuffers;
    };
    const before = heldBuffers();
    let highest = before;
    const sampler = setInterval(() => {
      highest = Math.max(highest, heldBuffers());
    }, 20);
    const plain = await packDirectory(site, path.join(output, "plain.tar.gz")).finally(() =>
      clearInterval(sampler),
    );
    // Whole, the file and its tar entry held twice the file (50 MiB of a 24 MiB one). A member
    // at a time, the pieces in flight, their members and zlib's output held 14.5-21 MB whatever
    // the file's size (with 24 MiB, within 4 MB of this bound): less than the file.
    expect(highest - before).toBeLessThan(large.length);

    const cacheDir = path.join(output, "cache");
    const cached = await packDirectory(site, path.join(output, "cached.tar.gz"), { cacheDir });
    const again = await packDirectory(site, path.join(output, "again.tar.gz"), { cacheDir });
    // The same entry made whole, on the calling thread, as a render thread makes its pages'.
    const syncCache = path.join(output, "sync-cache");
    const prepared = new Map([
      [name, prepareCompressedEntrySync(new ArchiveEntryCache(syncCache), name, large)],
    ]);
    const whole = await packDirectory(
      makeRepo({ "index.html": "<h1>Hi</h1>" }),
      path.join(output, "whole.tar.gz"),
      { cacheDir: syncCache, prepared },
    );
    expect([cached.sha256, again.sha256, whole.sha256]).toEqual([
      plain.sha256,
      plain.sha256,
      plain.sha256,
    ]);
    // The cache holds the entry, a file of its own, under the key the whole entry has.
    const largeEntries = (folder: string) =>
      readdirSync(folder).filter((entry) => entry.endsWith(".gz"));
    expect(largeEntries(cacheDir)).toHaveLength(1);
    expect(largeEntries(cacheDir)).toEqual(largeEntries(syncCache));
    const unpacked = makeTempDir();
    execFileSync("tar", ["-xzf", again.path, "-C", unpacked]);
    expect(readFileSync(path.join(unpacked, name)).equals(large)).toBe(true);
  });

  it("leaves no partial archive behind when packing fails", async () => {
    const output = makeTempDir();
    await expect(
      packDirectory(path.join(output, "missing"), path.join(output, "site.tar.gz")),
    ).rejects.toThrow();
    expect(() => readFileSync(path.join(output, "site.tar.gz"))).toThrow();
  });
});
