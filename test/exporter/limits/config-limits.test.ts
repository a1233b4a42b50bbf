import { describe, expect, it } from "vitest";
import { collectNavigationPages } from "../../../src/exporter/site/navigation-pages.ts";
import { docs, failure, load } from "../site/config/load-helpers.ts";

/** A docs.json on one line (a pretty-printed one this large would pass the 5 MB file limit first). */
function compactDocs(navigation: unknown): string {
  return JSON.stringify({ name: "Site", colors: { primary: "#123456" }, navigation });
}

/** `levels` groups, each the only entry of the one around it, the innermost holding `index`. */
function nestedGroups(levels: number): unknown {
  let group: unknown = { group: `G${levels}`, pages: ["index"] };
  for (let level = levels - 1; level >= 1; level--) group = { group: `G${level}`, pages: [group] };
  return group;
}

describe("docs.json nested deeper than the limits fails with its position", () => {
  it("1,000 nested navigation groups: JSON nested past 100 levels, at the line and column", () => {
    const text = compactDocs({ groups: [nestedGroups(1000)] });
    const error = failure({ "docs.json": text });
    expect(error.message).toBe("docs.json nests too deeply");
    // Where the 101st level opens (the text holds no brackets in strings).
    let depth = 0;
    const offset = [...text].findIndex((character) => {
      if (character === "[" || character === "{") return ++depth > 100;
      if (character === "]" || character === "}") depth--;
      return false;
    });
    expect(error.problems).toEqual([
      {
        severity: "error",
        rule: "config-depth",
        file: "docs.json",
        line: 1,
        column: offset + 1,
        message: "docs.json nests arrays and objects deeper than 100 levels",
      },
    ]);
  });

  it("100,000 nested arrays anywhere in docs.json fail the same way, not with a stack overflow", () => {
    const text = `{"name":"Site","colors":{"primary":"#123456"},"navigation":{"pages":["index"]},\n"extra": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const error = failure({ "docs.json": text });
    expect(error.problems).toEqual([
      expect.objectContaining({
        file: "docs.json",
        line: 2,
        column: 10 + 99,
        message: "docs.json nests arrays and objects deeper than 100 levels",
      }),
    ]);
  });

  it("brackets inside strings are text, not nesting", () => {
    const { config } = load(docs({ pages: ["index"] }, { description: "[".repeat(500) }));
    expect(config.description).toHaveLength(500);
  });

  it("groups nested 33 deep pass the navigation's depth limit of 32, at the 33rd", () => {
    const error = failure(docs({ groups: [nestedGroups(33)] }));
    const path = `navigation.groups[0]${".pages[0]".repeat(32)}`;
    expect(error.problems).toEqual([
      {
        severity: "error",
        rule: "config",
        file: "docs.json",
        line: 9 + 3 * 32,
        column: expect.any(Number),
        message: `docs.json: ${path}: the navigation nests deeper than 32 levels (groups, tabs, anchors and other divisions inside one another)`,
      },
    ]);
  });

  it("32 levels are within the limit, tabs and anchors counted with the groups", () => {
    const { config } = load(
      docs({ tabs: [{ tab: "T", anchors: [{ anchor: "A", groups: [nestedGroups(30)] }] }] }),
    );
    expect([...collectNavigationPages(config.navigation)]).toEqual(["index"]);
    const error = failure(
      docs({ tabs: [{ tab: "T", anchors: [{ anchor: "A", groups: [nestedGroups(31)] }] }] }),
    );
    expect(error.problems[0]?.message).toContain("the navigation nests deeper than 32 levels");
  });

  it("mint.json's groups are held to the same depth", () => {
    const error = failure({
      "mint.json": JSON.stringify({
        name: "Site",
        colors: { primary: "#123456" },
        navigation: [nestedGroups(40)],
      }),
    });
    expect(error.problems[0]).toMatchObject({
      file: "mint.json",
      line: 1,
      message: expect.stringContaining(
        ": the navigation nests deeper than 32 levels (groups, tabs, anchors and other divisions inside one another)",
      ),
    });
  });

  it("files included with $ref add up: the configuration fails where the limit is passed", () => {
    // Each file nests 60 levels (within the limit alone); the second is included at the bottom of the first.
    const deepIn = (inner: unknown) => {
      let value: unknown = inner;
      for (let level = 0; level < 60; level++) value = { more: value };
      return value;
    };
    const error = failure({
      ...docs({ pages: ["index"] }, { extra: { $ref: "a.json" } }),
      "a.json": JSON.stringify(deepIn({ $ref: "b.json" })),
      "b.json": JSON.stringify(deepIn("end")),
    });
    expect(error.problems).toEqual([
      expect.objectContaining({
        rule: "config-depth",
        file: "b.json",
        line: 1,
        message: expect.stringMatching(
          /^b\.json: (more\.)+more: the configuration nests deeper than 100 levels once its \$ref files are included$/,
        ),
      }),
    ]);
  });
});

describe("the navigation lists at most 50,000 pages", () => {
  it("one group of 300,001 pages fails at the 50,001st entry, with its position", () => {
    const pages = Array.from({ length: 300_001 }, (_, index) => `p${index}`);
    const text = compactDocs({ groups: [{ group: "All", pages }] });
    const started = performance.now();
    const error = failure({ "docs.json": text });
    expect(error.problems).toEqual([
      {
        severity: "error",
        rule: "config",
        file: "docs.json",
        line: 1,
        column: text.indexOf('"p50000"') + 1,
        message:
          "docs.json: navigation.groups[0].pages[50000]: the navigation lists more than 50000 pages, the limit",
      },
    ]);
    expect((performance.now() - started) / 1000).toBeLessThan(20);
  });

  it("pages spread over groups and tabs count together", () => {
    const tab = (name: string) => ({
      tab: name,
      groups: [{ group: name, pages: Array.from({ length: 30_000 }, (_, i) => `${name}/${i}`) }],
    });
    const error = failure(docs({ tabs: [tab("a"), tab("b")] }));
    expect(error.problems[0]?.message).toBe(
      "docs.json: navigation.tabs[1].groups[0].pages[20000]: the navigation lists more than 50000 pages, the limit",
    );
  });

  it("50,000 pages are within the limit", () => {
    const pages = Array.from({ length: 50_000 }, (_, index) => `p${index}`);
    const { config } = load(docs({ groups: [{ group: "All", pages }] }));
    expect(collectNavigationPages(config.navigation).size).toBe(50_000);
  });
});
