import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  writeFileIntoFolder,
  writeFileIntoFolderAsync,
} from "../../src/files/write-into-folder.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "write-into-folder-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("writeFileIntoFolder", () => {
  it("writes into a folder that exists and makes the folders that do not", () => {
    writeFileIntoFolder(path.join(root, "page.html"), "top");
    writeFileIntoFolder(path.join(root, "guides", "deep", "page.md"), Buffer.from("nested"));
    expect(readFileSync(path.join(root, "page.html"), "utf8")).toBe("top");
    expect(readFileSync(path.join(root, "guides", "deep", "page.md"), "utf8")).toBe("nested");
  });

  it("fails as the write does when a file stands where a folder should be", () => {
    writeFileSync(path.join(root, "guides"), "a file");
    expect(() => writeFileIntoFolder(path.join(root, "guides", "page.md"), "x")).toThrow(
      /ENOTDIR|EEXIST/,
    );
  });

  it("does the same off the thread", async () => {
    await writeFileIntoFolderAsync(path.join(root, "cache", "ab", "entry.gz"), Buffer.from("gz"));
    expect(readFileSync(path.join(root, "cache", "ab", "entry.gz"), "utf8")).toBe("gz");
    writeFileSync(path.join(root, "file"), "a file");
    await expect(
      writeFileIntoFolderAsync(path.join(root, "file", "entry.gz"), "x"),
    ).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
