import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markdownSections } from "../helpers/markdown.ts";

/**
 * The README's table of contents: right after the quick start, listing every section and every
 * reference page in docs/, with links that lead somewhere.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");
const sections = markdownSections(README);

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");
}

/** Links written in a Markdown text, fenced code left out. */
function linksIn(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
}

describe("the README's contents", () => {
  const contents = sections.find((section) => section.heading === "Contents");

  it("come right after the quick start, which stays the first section, and the writer's loop", () => {
    const second = sections.filter((section) => section.level === 2).map((s) => s.heading);
    expect(second.slice(0, 3)).toEqual(["Quick start", "The writer's loop", "Contents"]);
  });

  it("link every section of the README", () => {
    const links = new Set(linksIn(contents?.body ?? ""));
    const after = sections.slice(sections.indexOf(contents as (typeof sections)[number]) + 1);
    for (const section of after.filter((candidate) => candidate.level <= 3))
      expect(links, `Contents links "${section.heading}"`).toContain(
        `#${anchorOf(section.heading)}`,
      );
  });

  it("link every reference page in docs/", () => {
    const links = new Set(linksIn(contents?.body ?? ""));
    const pages = readdirSync(path.join(ROOT, "docs")).filter((file) => file.endsWith(".md"));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const page of pages)
      expect(links, `Contents links docs/${page}`).toContain(`docs/${page}`);
  });

  it("lead, like every link of the README, to a heading or a file that exists", () => {
    const anchors = new Set(sections.map((section) => `#${anchorOf(section.heading)}`));
    for (const link of linksIn(README)) {
      if (/^[a-z]+:/i.test(link)) continue;
      if (link.startsWith("#"))
        expect(anchors, `the README has a heading for ${link}`).toContain(link);
      else expect(existsSync(path.join(ROOT, link.split("#")[0] as string)), link).toBe(true);
    }
  });
});
