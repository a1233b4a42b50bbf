import { readFileSync } from "node:fs";
import path from "node:path";
import { list } from "tar";
import { describe, expect, it } from "vitest";
import { packDirectory } from "../../../src/exporter/output/archive.ts";
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

  it("leaves no partial archive behind when packing fails", async () => {
    const output = makeTempDir();
    await expect(
      packDirectory(path.join(output, "missing"), path.join(output, "site.tar.gz")),
    ).rejects.toThrow();
    expect(() => readFileSync(path.join(output, "site.tar.gz"))).toThrow();
  });
});
