import { describe, expect, it } from "vitest";
import { RepoFileError, RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

describe("RepoFiles.readText", () => {
  it("reads each file as it is after another was refused, even mid-character", () => {
    const repo = new RepoFiles(
      makeRepo({
        // An É cut after its first byte: a decoder that kept it would join it to the next file.
        "cut.md": new Uint8Array([0x41, 0xc3]),
        "broken.md": new Uint8Array([0x66, 0xff, 0x6f]),
        "page.md": new Uint8Array([0xa9, 0x20, 0x4f, 0x4b]),
        "bom.md": "\uFEFFTitle",
        "plain.md": "Café",
      }),
    );
    expect(() => repo.readText("cut.md")).toThrow(RepoFileError);
    expect(() => repo.readText("page.md")).toThrow(/not valid UTF-8/);
    expect(() => repo.readText("broken.md")).toThrow(/not valid UTF-8/);
    expect(repo.readText("plain.md")).toBe("Café");
    expect(repo.readText("bom.md")).toBe("Title");
    expect(repo.readText("plain.md")).toBe("Café");
  });
});
