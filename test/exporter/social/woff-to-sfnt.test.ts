import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../../../src/exporter/social/woff-to-sfnt.ts";

const require = createRequire(import.meta.url);

describe("unpacking a WOFF font", () => {
  it("gives the TrueType file the WOFF header says it wraps, every table inflated", () => {
    const woff = readFileSync(
      require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
    );
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
    const tags = Array.from({ length: sfnt.readUInt16BE(4) }, (_, index) =>
      sfnt.toString("latin1", 12 + index * 16, 16 + index * 16),
    );
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hmtx", "name"]));
    // The head table's magic number sits where the directory says the table is.
    const head = 12 + tags.indexOf("head") * 16;
    expect(sfnt.readUInt32BE(sfnt.readUInt32BE(head + 8) + 12)).toBe(0x5f0f3cf5);
  });

  it("refuses what is not a WOFF 1.0 font", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, not at all"))).toThrow(/WOFF/);
  });
});
