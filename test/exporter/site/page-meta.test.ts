import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import { pageMetaFromFrontmatter } from "../../../src/exporter/site/page-meta.ts";

function read(frontmatter: Record<string, unknown>) {
  const problems: Problem[] = [];
  const meta = pageMetaFromFrontmatter("guides/setup.mdx", frontmatter, problems);
  return { meta, messages: problems.map((problem) => problem.message) };
}

describe("page frontmatter", () => {
  it("reads the keys of Mintlify's pages reference that change how a page shows", () => {
    const { meta, messages } = read({
      title: "Setup",
      sidebarTitle: "Set up",
      icon: "rocket",
      iconType: "solid",
      tag: "NEW",
      mode: "wide",
      deprecated: true,
      hideFooterPagination: true,
      hideApiMarker: "true",
      searchable: false,
      noindex: true,
      boost: 2.5,
    });
    expect(messages).toEqual([]);
    expect(meta).toMatchObject({
      title: "Setup",
      sidebarTitle: "Set up",
      icon: "rocket",
      iconType: "solid",
      tag: "NEW",
      mode: "wide",
      deprecated: true,
      hideFooterPagination: true,
      hideApiMarker: true,
      unsearchable: true,
      noindex: true,
      boost: 2.5,
    });
  });

  it("leaves out what a page does not say", () => {
    const { meta } = read({ title: "Plain", searchable: true });
    expect(meta.deprecated).toBeUndefined();
    expect(meta.hideFooterPagination).toBeUndefined();
    expect(meta.unsearchable).toBeUndefined();
  });

  it("names each documented key the export cannot honour, and stays quiet about the author's own keys", () => {
    const { meta, messages } = read({
      title: "T",
      mode: "assistant",
      boost: "high",
      related: ["a"],
      groups: ["admins"],
      lastUpdatedDate: "2026-01-01",
      product: "API",
    });
    expect(meta.mode).toBeUndefined();
    expect(meta.lastUpdatedDate).toBe("2026-01-01T00:00:00.000Z");
    expect(messages).toEqual([
      'frontmatter "mode" is not supported: the assistant page needs an AI assistant, which a static bundle has not; the page shows as a default page',
      'frontmatter "related" is not supported: related pages are a hosted add-on; the export shows none',
      'frontmatter "groups" is not supported: access groups need Mintlify\'s authentication; the export publishes the page to every reader',
      'frontmatter "boost" should be a number above 0; it is ignored',
    ]);
  });

  it("reads the page's menu, its timestamp switch and its date, warning about a date it cannot read", () => {
    const { meta, messages } = read({
      title: "T",
      contextual: { options: ["view", "download-pdf"], display: "toc" },
      timestamp: false,
      lastUpdatedDate: "last spring",
    });
    expect(meta.contextual).toEqual({ options: ["view"], display: "toc" });
    expect(meta.timestamp).toBe(false);
    expect(meta.lastUpdatedDate).toBeUndefined();
    expect(messages).toEqual([
      `frontmatter "contextual.options[1]" "download-pdf" is not in the export: PDFs are drawn by Mintlify's hosted service`,
      'frontmatter "lastUpdatedDate" should be a date such as 2026-08-13, not "last spring"; it is ignored',
    ]);
  });
});
