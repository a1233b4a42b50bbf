import { describe, expect, it } from "vitest";
import { ConfigSources, indexJsonPositions } from "../../../../src/exporter/site/config/sources.ts";

describe("positions of configuration values", () => {
  it("records where every value starts, by key path", () => {
    const text =
      '{\n  "name": "A",\n  "navigation": {\n    "pages": ["x", {"group": "G\\"q", "pages": []}]\n  }\n}';
    const positions = indexJsonPositions(text);
    expect(text.slice(positions.get("name"))).toMatch(/^"A"/);
    expect(text.slice(positions.get("navigation.pages[0]"))).toMatch(/^"x"/);
    expect(text.slice(positions.get("navigation.pages[1].group"))).toMatch(/^"G\\"q"/);
    expect(text.slice(positions.get("navigation.pages[1].pages"))).toMatch(/^\[\]/);
  });

  it("gives a missing key the line of the object that lacks it", () => {
    const sources = new ConfigSources(
      "docs.json",
      '{\n  "banner": {\n    "dismissible": true\n  }\n}',
    );
    expect(sources.locate("banner.content")).toEqual({
      file: "docs.json",
      path: "banner.content",
      line: 2,
      column: 13,
    });
  });

  it("attributes values under a $ref to the included file, by the innermost inclusion", () => {
    const sources = new ConfigSources("docs.json", '{"navigation": {"$ref": "nav.json"}}');
    sources.addFile("nav.json", '{\n  "languages": [{"$ref": "fr.json"}]\n}');
    sources.addFile("fr.json", '{\n  "language": "fr",\n  "pages": [1]\n}');
    sources.addInclusion("navigation", "nav.json");
    sources.addInclusion("navigation.languages[0]", "fr.json");
    expect(sources.locate("navigation.languages[0].pages[0]")).toEqual({
      file: "fr.json",
      path: "pages[0]",
      line: 3,
      column: 13,
      includedAt: "navigation.languages[0]",
    });
    expect(sources.locate("navigation.languages")).toMatchObject({
      file: "nav.json",
      path: "languages",
      line: 2,
    });
    expect(sources.locate("name")).toMatchObject({
      file: "docs.json",
      path: "name",
      line: 1,
      column: 1,
    });
  });
});
