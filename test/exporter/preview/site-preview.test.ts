import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSitePreview } from "../../../src/exporter/index.ts";
import { DEV_SITE_CONFIG, makeDevSite } from "../../dev/dev-site-fixture.ts";

function edit(root: string, file: string, change: (text: string) => string): void {
  const target = path.join(root, file);
  writeFileSync(target, change(readFileSync(target, "utf8")));
}

describe("openSitePreview, the site rendered from memory", () => {
  it("renders a page with the export's layout, its snippet inlined, and writes nothing", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    expect(preview.pageCount).toBe(3);
    const page = await preview.page("guide");
    expect(page?.html).toContain("Mind the sandbanks at low tide.");
    expect(page?.html).toContain('id="sidebar"');
    expect(page?.html).toContain("Welcome aboard");
    expect(page?.problems).toEqual([]);
    expect(page?.failed).toBe(false);
    expect(readFileSync(path.join(root, "guide.mdx"), "utf8")).toContain("<Caution />");
  });

  it("finds pages by the URLs a browser asks for", async () => {
    const preview = await openSitePreview({ sourceDir: makeDevSite() });
    expect(preview.pageOfUrl("/")).toBe("index");
    expect(preview.pageOfUrl("/guide")).toBe("guide");
    expect(preview.pageOfUrl("/guide.html")).toBe("guide");
    expect(preview.pageOfUrl("/missing")).toBeUndefined();
  });

  it("shows an edited page's new text, and asks to reload that page only", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    await preview.page("index");
    await preview.page("guide");
    edit(root, "guide.mdx", (text) => text.replace("first.", "first, then set sail."));
    const change = await preview.applyChanges(["guide.mdx"]);
    expect(change.reload).toEqual(["guide"]);
    expect((await preview.page("guide"))?.html).toContain("then set sail.");
  });

  it("asks every page to reload when a page's title changes, since every sidebar shows it", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    edit(root, "guide.mdx", (text) => text.replace("Charting guide", "Navigation guide"));
    expect((await preview.applyChanges(["guide.mdx"])).reload).toBe("all");
    expect((await preview.page("index"))?.html).toContain("Navigation guide");
  });

  it("re-renders the pages that import a changed snippet, and only those", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    await preview.page("index");
    await preview.page("guide");
    writeFileSync(path.join(root, "snippets/caution.mdx"), "Beware of the reef.\n");
    expect((await preview.applyChanges(["snippets/caution.mdx"])).reload).toEqual(["guide"]);
    const page = await preview.page("guide");
    expect(page?.html).toContain("Beware of the reef.");
    expect(page?.html).not.toContain("sandbanks");
  });

  it("reads the navigation again when docs.json changes", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    expect((await preview.page("index"))?.html).not.toContain("Harbour extras");
    const config = structuredClone(DEV_SITE_CONFIG);
    config.navigation.groups[0]?.pages.push("extra");
    writeFileSync(path.join(root, "docs.json"), JSON.stringify(config));
    expect((await preview.applyChanges(["docs.json"])).reload).toBe("all");
    expect((await preview.page("index"))?.html).toContain("Harbour extras");
  });

  it("keeps the site as it was, with the problem, while docs.json is broken", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    writeFileSync(path.join(root, "docs.json"), '{ "name": "Tidewater", ');
    const change = await preview.applyChanges(["docs.json"]);
    expect(change.problems[0]?.file).toBe("docs.json");
    expect(preview.siteProblems()[0]?.file).toBe("docs.json");
    expect((await preview.page("index"))?.html).toContain("Tidewater keeps the tides");
    writeFileSync(path.join(root, "docs.json"), JSON.stringify(DEV_SITE_CONFIG));
    await preview.applyChanges(["docs.json"]);
    expect(preview.siteProblems()).toEqual([]);
  });

  it("reports a broken page's MDX error at its line, shows its last good render, and recovers", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    await preview.page("index");
    edit(root, "index.mdx", (text) => `${text}\n<Note>\nnever closed\n`);
    await preview.applyChanges(["index.mdx"]);
    const broken = await preview.page("index");
    expect(broken?.failed).toBe(true);
    expect(broken?.problems[0]).toMatchObject({ severity: "error", file: "index.mdx", line: 7 });
    expect(broken?.html).toContain("Tidewater keeps the tides");
    edit(root, "index.mdx", (text) => text.replace("<Note>\nnever closed\n", ""));
    await preview.applyChanges(["index.mdx"]);
    const fixed = await preview.page("index");
    expect(fixed?.failed).toBe(false);
    expect(fixed?.problems).toEqual([]);
  });

  it("reports an error in an imported snippet at the snippet's line, and shows the last good page", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    await preview.page("guide");
    writeFileSync(path.join(root, "snippets/caution.mdx"), "Mind the\n\n<Warning>\nunclosed\n");
    await preview.applyChanges(["snippets/caution.mdx"]);
    const page = await preview.page("guide");
    expect(page?.failed).toBe(true);
    expect(page?.problems[0]).toMatchObject({ severity: "error", file: "snippets/caution.mdx" });
    expect(page?.html).toContain("Mind the sandbanks at low tide.");
  });

  it("reports a link to no page at its line, and forgets it once the page exists", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    edit(root, "guide.mdx", (text) => text.replace("(/index)", "(/harbour)"));
    await preview.applyChanges(["guide.mdx"]);
    expect((await preview.page("guide"))?.problems).toEqual([
      expect.objectContaining({ rule: "broken-link", file: "guide.mdx", line: 7 }),
    ]);
    writeFileSync(path.join(root, "harbour.mdx"), "---\ntitle: Harbour\n---\n\nDocks.\n");
    expect((await preview.applyChanges(["harbour.mdx"])).reload).toBe("all");
    expect((await preview.page("guide"))?.problems).toEqual([]);
  });

  it("serves the theme's files and a search index that finds a rendered page's text", async () => {
    const preview = await openSitePreview({ sourceDir: makeDevSite() });
    const html = (await preview.page("guide"))?.html ?? "";
    const stylesheet = /href="(_quire\/quire\.[0-9a-f]+\.css)"/.exec(html)?.[1] ?? "";
    expect(String(await preview.file(stylesheet))).toContain("sidebar");
    const entry = String(await preview.file("_quire/search/index.js"));
    expect(entry).toContain("__quireSearch");
    expect(await preview.file("docs.json")).toBeUndefined();
    expect(await preview.file("../etc/passwd")).toBeUndefined();
  });

  it("takes no notice of a changed file no page uses", async () => {
    const root = makeDevSite();
    const preview = await openSitePreview({ sourceDir: root });
    await preview.page("guide");
    writeFileSync(path.join(root, "notes.txt"), "scratch");
    expect((await preview.applyChanges(["notes.txt"])).reload).toEqual([]);
  });

  it("follows docs.json's redirects, fixed and with a pattern, to where the export sends them", async () => {
    const root = makeDevSite();
    writeFileSync(
      path.join(root, "docs.json"),
      JSON.stringify({
        ...DEV_SITE_CONFIG,
        redirects: [
          { source: "/start", destination: "/guide" },
          { source: "/old/:slug*", destination: "/:slug*" },
        ],
      }),
    );
    const preview = await openSitePreview({ sourceDir: root });
    expect(preview.redirectOf("/start")).toBe("/guide");
    expect(preview.redirectOf("/old/extra")).toBe("/extra");
    expect(preview.redirectOf("/nowhere")).toBeUndefined();
  });

  it("serves an image a rendered page shows, and reloads that page when the image changes", async () => {
    const root = makeDevSite();
    writeFileSync(path.join(root, "chart.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    edit(
      root,
      "extra.mdx",
      (text) => `${text}
![Tide chart](/chart.svg)
`,
    );
    const preview = await openSitePreview({ sourceDir: root });
    expect(await preview.file("chart.svg")).toBeUndefined();
    await preview.page("extra");
    expect(String(await preview.file("chart.svg"))).toContain("<svg");
    writeFileSync(
      path.join(root, "chart.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
    );
    expect((await preview.applyChanges(["chart.svg"])).reload).toEqual(["extra"]);
  });

  it("reads the site again when a folder of pages is renamed, which the watcher reports as the folder", async () => {
    const root = makeDevSite();
    mkdirSync(path.join(root, "charts"));
    writeFileSync(
      path.join(root, "charts/tides.mdx"),
      "---\ntitle: Tide tables\n---\n\nHigh and low.\n",
    );
    const preview = await openSitePreview({ sourceDir: root });
    expect(preview.pageOfUrl("/charts/tides")).toBe("charts/tides");
    renameSync(path.join(root, "charts"), path.join(root, "maps"));
    expect((await preview.applyChanges(["charts", "maps"])).reload).toBe("all");
    expect(preview.pageOfUrl("/charts/tides")).toBeUndefined();
    expect(preview.pageOfUrl("/maps/tides")).toBe("maps/tides");
  });

  it("indexes for search the text of pages nobody opened, in the background, once search is used", async () => {
    let indexed: number | undefined;
    const preview = await openSitePreview({
      sourceDir: makeDevSite(),
      onSearchIndexed: (pages) => {
        indexed = pages;
      },
    });
    const everything = async (): Promise<string> => {
      const entry = String(await preview.file("_quire/search/index.js"));
      const named = [...entry.matchAll(/"([a-z]-[0-9a-f]{12})"/g)].map((match) => match[1]);
      const files = await Promise.all(
        named.map((name) => preview.file(`_quire/search/${name}.js`)),
      );
      return [entry, ...files.map(String)].join("\n");
    };
    expect(await everything()).not.toContain("More about harbours");
    await expect.poll(() => indexed, { timeout: 20_000 }).toBe(3);
    expect(await everything()).toContain("More about harbours");
  });
});
