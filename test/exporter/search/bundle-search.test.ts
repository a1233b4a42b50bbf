import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { questionWords, readIndexFile } from "../../../src/exporter/search/bundle-search.ts";
import { makeTempDir } from "../../helpers/temp-repo.ts";

function bundleWith(name: string, content: string): string {
  const root = makeTempDir();
  mkdirSync(path.join(root, "_quire", "search"), { recursive: true });
  writeFileSync(path.join(root, "_quire", "search", name), content);
  return root;
}

describe("readIndexFile, a bundle's search file read on the server", () => {
  it("reads the data of a file written as the export writes them, without running it", async () => {
    const root = bundleWith(
      "a.js",
      'window.__quireSearch.load("a",{"version":1,"x":[1,"two"]});\n',
    );
    expect(await readIndexFile(root, "_quire/search/a.js")).toEqual({ version: 1, x: [1, "two"] });
  });

  it("refuses a file that is anything more than that call with JSON", async () => {
    const root = bundleWith(
      "b.js",
      'window.__quireSearch.load("b",{"version":1});globalThis.process.exit(1);\n',
    );
    await expect(readIndexFile(root, "_quire/search/b.js")).rejects.toThrow(
      "_quire/search/b.js: not a search index file",
    );
    const call = bundleWith("c.js", 'window.__quireSearch.load("c",eval("1"));\n');
    await expect(readIndexFile(call, "_quire/search/c.js")).rejects.toThrow();
  });

  it("refuses a path out of the bundle", async () => {
    const root = bundleWith("a.js", 'window.__quireSearch.load("a",{});\n');
    await expect(readIndexFile(root, "../outside.js")).rejects.toThrow("outside the bundle");
  });
});

describe("questionWords", () => {
  it("keeps the words that name a subject, normalised, each once", () => {
    expect(questionWords("How do I set the Time Zone of a schedule? The time zone!")).toEqual([
      "set",
      "time",
      "zone",
      "schedule",
    ]);
  });
});
