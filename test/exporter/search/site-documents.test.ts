import { describe, expect, it } from "vitest";
import { siteSearchDocuments } from "../../../src/exporter/search/site-documents.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";

function meta(path: string, extra: Partial<PageMeta> = {}): PageMeta {
  return {
    path,
    file: `${path}.mdx`,
    title: path,
    hidden: false,
    noindex: false,
    keywords: [],
    ...extra,
  };
}

describe("siteSearchDocuments", () => {
  it("gives each page its title, description, breadcrumb, boost and sections", () => {
    const pages = new Map([["guide", meta("guide", { description: "How to", boost: 2 })]]);
    const sections = [{ anchor: "", heading: "", text: "Charts." }];
    expect(siteSearchDocuments([{ pagePath: "guide", sections }], pages, () => ["Start"])).toEqual([
      {
        path: "guide",
        title: "guide",
        description: "How to",
        breadcrumb: ["Start"],
        sections,
        boost: 2,
      },
    ]);
  });

  it("leaves out hidden, noindex and unsearchable pages, and pages it does not know", () => {
    const pages = new Map([
      ["hidden", meta("hidden", { hidden: true })],
      ["noindex", meta("noindex", { noindex: true })],
      ["quiet", meta("quiet", { unsearchable: true })],
      ["shown", meta("shown")],
    ]);
    const rendered = ["hidden", "noindex", "quiet", "shown", "unknown"].map((pagePath) => ({
      pagePath,
      sections: [],
    }));
    expect(
      siteSearchDocuments(rendered, pages, () => undefined).map((document) => document.path),
    ).toEqual(["shown"]);
  });
});
