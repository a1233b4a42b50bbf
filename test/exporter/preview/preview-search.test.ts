import { describe, expect, it } from "vitest";
import type { SearchSection } from "../../../src/exporter/mdx/rendered-page.ts";
import { PreviewSearch } from "../../../src/exporter/preview/preview-search.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";

const PAGES = new Map<string, PageMeta>(
  ["a", "b", "c"].map((path) => [
    path,
    {
      path,
      file: `${path}.mdx`,
      title: `Page ${path}`,
      hidden: false,
      noindex: false,
      keywords: [],
    },
  ]),
);

function textOf(pagePath: string): SearchSection[] {
  return [{ anchor: "", heading: "", text: `body of ${pagePath}` }];
}

describe("PreviewSearch, the preview's search index", () => {
  it("indexes the pages not rendered yet only while the preview is at rest, then all of them", async () => {
    let idle = false;
    const asked: string[] = [];
    let indexed: number | undefined;
    const search = new PreviewSearch({
      pages: () => PAGES,
      breadcrumbOf: () => undefined,
      sectionsOf: async (pagePath) => {
        asked.push(pagePath);
        return textOf(pagePath);
      },
      isIdle: () => idle,
      onIndexed: (pages) => {
        indexed = pages;
      },
    });
    search.record("a", textOf("a"));
    const first = await search.file("_quire/search/index.js");
    expect(first).toContain("body of a");
    expect(first).not.toContain("body of b");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(asked).toEqual([]);
    idle = true;
    await expect.poll(() => indexed, { timeout: 10_000 }).toBe(3);
    expect(asked).toEqual(["b", "c"]);
    const full = await search.file("_quire/search/index.js");
    expect(full).toContain("body of b");
    expect(full).toContain("body of c");
    await search.close();
  });

  it("indexes a changed page again, and everything again when the site is read again", async () => {
    const search = new PreviewSearch({
      pages: () => PAGES,
      breadcrumbOf: () => undefined,
      sectionsOf: async () => [],
      isIdle: () => false,
    });
    for (const pagePath of PAGES.keys()) search.record(pagePath, textOf(pagePath));
    expect(search.indexedPages).toBe(3);
    search.forget("b");
    expect(search.indexedPages).toBe(2);
    search.reset();
    expect(search.indexedPages).toBe(0);
    await search.close();
  });
});
