import { load as loadLenientYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  parseFrontmatterYaml,
  readFrontmatterOnly,
} from "../../../src/exporter/site/frontmatter.ts";
import { collectGarbageNow } from "../../helpers/garbage.ts";

/**
 * Frontmatter of lines `key: text` is read without the YAML parser: whatever it reads must be
 * what the parser reads, and anything YAML gives a meaning to must still reach the parser.
 */
const CASES = [
  "title: Schedule job 12\ndescription: Retry queue worker lease webhook timezone.",
  "title: Quick start\nsidebarTitle: Start\nicon: rocket\nmode: wide",
  "title: Déploiement (avancé), étape 2/3!\ndescription: Qu'est-ce que c'est?",
  "title: a",
  "title: It's a-b & c",
  // Not text: null, booleans, numbers, dates, special floats.
  "title: null",
  "hidden: true",
  "hidden: False",
  "draft: NULL",
  "order: 3",
  "version: 1.10",
  "date: 2024-01-02",
  "value: .inf",
  "value: 0x1F",
  "title: yes",
  "title: no",
  "title: on",
  // Syntax: comments, quotes, anchors, tags, flow collections, colons, indentation.
  "title: Intro # the first page",
  'title: "Quoted"',
  "title: 'Single'",
  "title: &anchor Text",
  "title: !!str Text",
  "tags: [a, b]",
  "meta: {a: b}",
  "title: Time: 10",
  "title: a:b",
  "title:  two spaces",
  "title: trailing ",
  "title: Text\n  continued",
  "title: Text\n\ndescription: After a blank line",
  "title: - dash",
  "title: ? question",
  "title: | literal",
  "title: > folded",
  "title: % percent",
  "title: @at",
  "title: `tick`",
  "title: tab\there",
  "list:\n  - a\n  - b",
  "true: key",
  "Null: key",
  "title: One\ntitle: Two",
  "title: x\r",
  "",
  "# only a comment",
];

describe("parseFrontmatterYaml", () => {
  it.each(CASES)("reads %j as the YAML readers do", (text) => {
    // The readers' answer: `yaml`, and js-yaml where `yaml` refuses.
    const read = (reader: (text: string) => unknown): unknown => {
      try {
        return reader(text);
      } catch {
        return "error";
      }
    };
    let expected = read(parseYaml);
    if (expected === "error") expected = read(loadLenientYaml);
    expect(read(parseFrontmatterYaml)).toEqual(expected);
  });
});

describe("reading only the frontmatter", () => {
  it("keeps none of the page's text alive through the values it returns", () => {
    const body = "Body text of the page. ".repeat(20_000); // 460 KB per page
    const heapAfter = (read: () => unknown[]): number => {
      collectGarbageNow();
      const before = process.memoryUsage().heapUsed;
      const kept = read();
      collectGarbageNow();
      const grown = process.memoryUsage().heapUsed - before;
      expect(kept).toHaveLength(40);
      return grown;
    };
    const grown = heapAfter(() =>
      Array.from({ length: 40 }, (_unused, index) => {
        // Each page's text made anew, so only what the values hold can keep it.
        const text = `---\ntitle: Page number ${index} of the site\ndescription: What page ${index} is about, at some length.\n---\n\n${body}${index}`;
        return readFrontmatterOnly(text);
      }),
    );
    // 40 pages of 460 KB: 18 MB if the values kept their pages' texts.
    expect(grown).toBeLessThan(4_000_000);
  });
});
