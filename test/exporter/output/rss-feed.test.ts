import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const CHANGELOG = `---
title: Changelog
description: What changed
rss: true
---

<Update label="March 2025" description="v0.0.10" tags={["Spearmint"]}>
  Added **dark mode** & faster search.
</Update>

<Update label="February 2025" description="v0.0.9" rss={{ title: "Big release", description: "Read the notes." }}>
  A table the feed cannot hold.
</Update>
`;

async function exportWith(siteUrl?: string): Promise<string> {
  const outputDir = path.join(makeTempDir(), "site");
  await exportSite({
    sourceDir: makeRepo({
      "docs.json": JSON.stringify({
        name: "Mint",
        colors: { primary: "#2563EB" },
        navigation: { pages: ["index", "changelog", "plain"] },
      }),
      "index.mdx": "---\ntitle: Home\n---\n\nHi.\n",
      "changelog.mdx": CHANGELOG,
      "plain.mdx": '---\ntitle: Plain\n---\n\n<Update label="May">No feed here.</Update>\n',
    }),
    outputDir,
    ...(siteUrl ? { siteUrl } : {}),
  });
  return outputDir;
}

describe("the RSS feed of a changelog page", () => {
  it("lists each Update with its link, its text or its own rss title and description, and the page gets a button to it", async () => {
    const site = await exportWith("https://docs.example.com");
    const feed = readFileSync(path.join(site, "changelog", "rss.xml"), "utf8");
    expect(feed).toContain("<title>Changelog - Mint</title>");
    expect(feed).toContain(
      '<atom:link href="https://docs.example.com/changelog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(feed).toContain(
      "<item>\n      <title>March 2025</title>\n      <link>https://docs.example.com/changelog.html#march-2025</link>",
    );
    expect(feed).toContain(
      "<description>v0.0.10 Added dark mode &#38; faster search.</description>",
    );
    expect(feed).toContain("<title>Big release</title>");
    expect(feed).toContain("<description>Read the notes.</description>");
    expect(feed).not.toContain("table the feed cannot hold");
    const page = readFileSync(path.join(site, "changelog.html"), "utf8");
    expect(page).toMatch(/<a class="rss-button" href="changelog\/rss.xml"/);
  });

  it("links relative to the feed when the site's address is unknown, and makes no feed for a page that does not ask", async () => {
    const site = await exportWith();
    const feed = readFileSync(path.join(site, "changelog", "rss.xml"), "utf8");
    expect(feed).toContain("<link>../changelog.html#march-2025</link>");
    expect(existsSync(path.join(site, "plain", "rss.xml"))).toBe(false);
    expect(readFileSync(path.join(site, "plain.html"), "utf8")).not.toContain("rss-button");
  });
});
