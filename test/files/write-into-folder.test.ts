import { closeSync, mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileIntoFolder, writeFileIntoFolder } from "../../src/files/write-into-folder.ts";

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

  it("opens a file for appending the same way", () => {
    const file = path.join(root, "cache", "ab", "entries.pack");
    for (const part of ["first ", "second"]) {
      const descriptor = openFileIntoFolder(file, "a");
      writeSync(descriptor, part);
      closeSync(descriptor);
    }
    expect(readFileSync(file, "utf8")).toBe("first second");
    writeFileSync(path.join(root, "file"), "a file");
    expect(() => openFileIntoFolder(path.join(root, "file", "entries.pack"), "a")).toThrow(
      /ENOTDIR|EEXIST/,
    );
  });
});
