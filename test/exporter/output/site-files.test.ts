import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  indexablePages,
  LlmsFullWriter,
  renderLlmsTxt,
  renderRobots,
  renderSitemap,
} from "../../../src/exporter/output/site-files.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import type { SiteConfig } from "../../../src/exporter/site/types.ts";

const page = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: path,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});
const config = {
  name: "Lumen",
  description: "Job scheduling.",
  seo: { metatags: {}, indexing: "navigable" },
} as unknown as SiteConfig;

describe("site files", () => {
  it("leaves noindex, hidden and unlisted pages out of the sitemap", () => {
    const pages = [
      page("index"),
      page("guides/a"),
      page("secret", { noindex: true }),
      page("hidden", { hidden: true }),
      page("orphan"),
    ];
    const listed = indexablePages(
      pages,
      config,
      new Set(["index", "guides/a", "secret", "hidden"]),
    );
    expect(listed.map((entry) => entry.path)).toEqual(["index", "guides/a"]);
    const all = indexablePages(
      pages,
      { ...config, seo: { metatags: {}, indexing: "all" } },
      new Set(),
    );
    expect(all.map((entry) => entry.path)).toEqual(["index", "guides/a", "hidden", "orphan"]);
  });

  it("writes absolute sitemap URLs when the site URL is known, the home page as the site's root", () => {
    const xml = renderSitemap([page("index"), page("guides/a b")], {
      siteUrl: "https://docs.example.com/",
    });
    expect(xml).toContain("<loc>https://docs.example.com/</loc>");
    expect(xml).toContain("<loc>https://docs.example.com/guides/a%20b.html</loc>");
  });

  it("lists clean URLs in the sitemap when the pages are written as folders", () => {
    const xml = renderSitemap([page("index"), page("quickstart"), page("guides/index")], {
      siteUrl: "https://docs.example.com/docs",
      cleanUrls: true,
    });
    expect(xml).toContain("<loc>https://docs.example.com/docs/</loc>");
    expect(xml).toContain("<loc>https://docs.example.com/docs/quickstart/</loc>");
    expect(xml).toContain("<loc>https://docs.example.com/docs/guides/</loc>");
  });

  it("gives a page's lastmod when its last change is known, and none otherwise", () => {
    const xml = renderSitemap([page("index"), page("quickstart")], {
      siteUrl: "https://docs.example.com",
      lastModified: { quickstart: "2025-02-03T04:05:06+00:00" },
    });
    expect(xml).toContain(
      "<url><loc>https://docs.example.com/quickstart.html</loc><lastmod>2025-02-03T04:05:06+00:00</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://docs.example.com/</loc></url>");
  });

  it("disallows noindex pages in robots.txt and names the sitemap", () => {
    const robots = renderRobots([page("secret", { noindex: true })], "https://docs.example.com");
    expect(robots).toBe(
      "User-agent: *\nAllow: /\nDisallow: /secret.html\n\nSitemap: https://docs.example.com/sitemap.xml\n",
    );
  });

  it("disallows a noindex page's folder only, not the pages below it, with clean URLs", () => {
    const robots = renderRobots(
      [page("secret", { noindex: true }), page("index", { noindex: true })],
      undefined,
      true,
    );
    expect(robots).toBe("User-agent: *\nAllow: /\nDisallow: /secret/$\nDisallow: /index.html\n");
  });

  it("lists every page's Markdown in llms.txt", () => {
    const text = renderLlmsTxt(config, [
      page("index", { title: "Home", description: "Start here." }),
      page("guides/a", { title: "Guide A" }),
    ]);
    expect(text).toBe(
      "# Lumen\n\n> Job scheduling.\n\n## Pages\n\n- [Home](index.md): Start here.\n- [Guide A](guides/a.md)\n",
    );
  });

  it("writes llms-full.txt in the site's order whatever order the pages finish in", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "quire-llms-"));
    try {
      const pages = [
        page("index", { title: "Home", description: "Start here." }),
        page("guides/a", { title: "Guide A" }),
        page("guides/b", { title: "Guide B" }),
      ];
      const file = path.join(folder, "llms-full.txt");
      const writer = new LlmsFullWriter(file, config, pages);
      writer.add("guides/b", "Second guide.");
      writer.add("elsewhere", "Not listed.");
      writer.add("index", "Welcome.");
      writer.add("guides/a", "First guide.");
      writer.close();
      expect(readFileSync(file, "utf8")).toBe(
        `${[
          "# Lumen",
          "> Job scheduling.",
          "# Home\n\nSource: index.md\n\n> Start here.\n\nWelcome.",
          "# Guide A\n\nSource: guides/a.md\n\nFirst guide.",
          "# Guide B\n\nSource: guides/b.md\n\nSecond guide.",
        ].join("\n\n---\n\n")}\n`,
      );
      // A page that never finished still has its header, as before, with nothing under it.
      const partial = new LlmsFullWriter(file, config, pages.slice(0, 2));
      partial.add("guides/a", "First guide.");
      partial.close();
      expect(readFileSync(file, "utf8")).toContain(
        "# Home\n\nSource: index.md\n\n> Start here.\n\n\n\n---\n\n# Guide A",
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
