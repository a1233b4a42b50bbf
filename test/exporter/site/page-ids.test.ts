import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import { checkLinks, hasId, packIds } from "../../../src/exporter/site/site-index.ts";

describe("packIds and hasId", () => {
  it("finds each id whole, never a part of one or two neighbours", () => {
    const packed = packIds(["intro", "intro-2", "steps", "café", "a b"]);
    for (const id of ["intro", "intro-2", "steps", "café", "a b"])
      expect(hasId(packed, id)).toBe(true);
    for (const id of ["intr", "ntro", "intro-", "2", "", "intro\0intro-2", "Intro", "cafe"])
      expect(hasId(packed, id)).toBe(false);
  });

  it("holds nothing for a page without ids", () => {
    expect(packIds([])).toBe("");
    expect(hasId(packIds([]), "")).toBe(false);
    expect(hasId(packIds([]), "intro")).toBe(false);
  });
});

describe("checkLinks with packed ids", () => {
  const pages = new Map<string, PageMeta>([
    ["index", { file: "index.mdx", path: "index" } as PageMeta],
    ["guide", { file: "guide.mdx", path: "guide" } as PageMeta],
    ["bare", { file: "bare.mdx", path: "bare" } as PageMeta],
  ]);

  it("warns of an anchor its page lacks, and only when the page's ids are known", () => {
    const problems: Problem[] = [];
    checkLinks(
      [
        {
          pagePath: "index",
          links: [
            { target: "guide", anchor: "steps", line: 1, column: 1 },
            { target: "guide", anchor: "step", line: 2, column: 1 },
            { target: "bare", anchor: "anything", line: 3, column: 1 },
            { target: "index", anchor: "top", line: 4, column: 1 },
          ],
          ids: packIds(["top"]),
        },
        { pagePath: "guide", links: [], ids: packIds(["steps", "steps-2"]) },
        // Its ids were not recorded (the preview checks one page): its anchors are not checked.
        { pagePath: "bare", links: [] },
      ],
      pages,
      [],
      problems,
    );
    expect(problems.map((problem) => `${problem.rule} ${problem.line} ${problem.message}`)).toEqual(
      ['missing-anchor 2 link to "/guide#step" points to no heading or element on that page'],
    );
  });

  it("warns of every anchor into a page that has no ids at all", () => {
    const problems: Problem[] = [];
    checkLinks(
      [
        { pagePath: "index", links: [{ target: "guide", anchor: "steps" }], ids: "" },
        { pagePath: "guide", links: [], ids: packIds([]) },
      ],
      pages,
      [],
      problems,
    );
    expect(problems.map((problem) => problem.rule)).toEqual(["missing-anchor"]);
  });
});
