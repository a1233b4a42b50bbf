import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import type { SearchSection } from "../../../src/exporter/mdx/rendered-page.ts";
import { packSections, SpilledSections } from "../../../src/exporter/search/spilled-sections.ts";

const scratchFolders = () =>
  new Set(readdirSync(os.tmpdir()).filter((name) => name.startsWith("quire-search-")));

describe("SpilledSections", () => {
  it("gives back each page's sections as they were, in any order, and none for a page never added", () => {
    const spilled = new SpilledSections();
    try {
      const guide: SearchSection[] = [
        { anchor: "", heading: "", text: "Before the first heading." },
        {
          anchor: "설치",
          heading: "설치",
          text: "한국어 본문 — ünïcödé",
          words: "한국어 본문 ünïcödé",
        },
      ];
      const api: SearchSection[] = [{ anchor: "auth", heading: "Auth", text: "x".repeat(70_000) }];
      spilled.add("guide", packSections(guide));
      spilled.add("api", packSections(api));
      spilled.add("empty", packSections([]));
      expect(spilled.sectionsOf("api")).toEqual(api);
      expect(spilled.sectionsOf("guide")).toEqual(guide);
      expect(spilled.sectionsOf("guide")).toEqual(guide);
      expect(spilled.sectionsOf("empty")).toEqual([]);
      expect(spilled.sectionsOf("missing")).toEqual([]);
    } finally {
      spilled.close();
    }
  });

  it("a page added again reads as its last sections", () => {
    const spilled = new SpilledSections();
    try {
      spilled.add("guide", packSections([{ anchor: "", heading: "", text: "first" }]));
      spilled.add("guide", packSections([{ anchor: "", heading: "", text: "second" }]));
      expect(spilled.sectionsOf("guide")).toEqual([{ anchor: "", heading: "", text: "second" }]);
    } finally {
      spilled.close();
    }
  });

  it("leaves no scratch file behind once closed, and may be closed twice", () => {
    const before = scratchFolders();
    const spilled = new SpilledSections();
    const created = [...scratchFolders()].filter((name) => !before.has(name));
    expect(created).toHaveLength(1);
    spilled.add("guide", packSections([{ anchor: "", heading: "", text: "Text." }]));
    spilled.close();
    spilled.close();
    expect(existsSync(`${os.tmpdir()}/${created[0]}`)).toBe(false);
  });
});
