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
      languageOf: () => undefined,
      languages: () => [],
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
    await expect.poll(() => indexed, { timeout: 30_000 }).toBe(3);
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
      languageOf: () => undefined,
      languages: () => [],
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

  it("builds one index per language, as the export does, each holding its language's pages", async () => {
    const search = new PreviewSearch({
      pages: () => PAGES,
      breadcrumbOf: () => undefined,
      languageOf: (pagePath) => (pagePath === "c" ? "fr" : "en"),
      languages: () => ["en", "fr", "de"],
      sectionsOf: async () => [],
      isIdle: () => false,
    });
    for (const pagePath of PAGES.keys()) search.record(pagePath, textOf(pagePath));
    const french = await search.file("_quire/search/fr/index.js");
    expect(french).toContain("body of c");
    expect(french).not.toContain("body of a");
    const english = await search.file("_quire/search/en/index.js");
    expect(english).toContain("body of a");
    expect(english).not.toContain("body of c");
    // A language with no pages yet still has an index for its pages to load.
    expect(await search.file("_quire/search/de/index.js")).toBeDefined();
    expect(await search.file("_quire/search/index.js")).toBeUndefined();
    await search.close();
  });
});
