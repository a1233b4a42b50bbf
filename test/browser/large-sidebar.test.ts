import { readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { SIDEBAR_LIST_WINDOW } from "../../src/exporter/theme/chrome/sidebar.ts";
import { SIDEBAR_INLINE_LIMIT } from "../../src/exporter/theme/sidebar-script.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

// Enough groups that the sidebar goes over the limit and into the shared script.
const GROUPS = 12;
const PER_GROUP = Math.ceil(SIDEBAR_INLINE_LIMIT / GROUPS);
const ENTRIES_PER_GROUP = PER_GROUP + 3;
let browser: Browser;
let root: string;
let site: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-large-sidebar-${process.pid}-${Date.now()}`);
  const files: Record<string, string> = {};
  const groups = Array.from({ length: GROUPS }, (_unused, group) => {
    const pages = Array.from({ length: PER_GROUP }, (_page, index) => `g${group}/p${index}`);
    const more = [0, 1, 2].map((index) => `g${group}/more/m${index}`);
    for (const page of [...pages, ...more])
      files[`${page}.mdx`] = `---\ntitle: Page ${page}\n---\n\nText of ${page}.\n`;
    return { group: `Group ${group}`, pages: [...pages, { group: `More ${group}`, pages: more }] };
  });
  files["docs.json"] = JSON.stringify({
    name: "Big",
    colors: { primary: "#2563eb" },
    navigation: { groups },
  });
  writeRepoFiles(path.join(root, "source"), files);
  site = path.join(root, "site");
  // Only the pages the tests open are rendered: the sidebar still lists every page.
  await exportSite({
    sourceDir: path.join(root, "source"),
    outputDir: site,
    paths: [`g${GROUPS - 1}/p${PER_GROUP - 5}`, "g0/p1", "g2/more/m1"],
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

const CURRENT = `g${GROUPS - 1}/p${PER_GROUP - 5}`;

async function open(url: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled,
  });
  const tab = await context.newPage();
  await tab.goto(url);
  if (javaScriptEnabled)
    await tab.waitForFunction(() => document.documentElement.classList.contains("js"));
  return tab;
}

/** The whole sidebar is there, the current page marked and in view; a far group opens and leads to its page. */
async function checkSidebar(tab: Page): Promise<void> {
  const links = tab.locator(".sidebar a.nav-link");
  await expect.poll(() => links.count()).toBe(GROUPS * ENTRIES_PER_GROUP);
  expect(await tab.locator(".sidebar [data-sidebar-group]").count()).toBe(0);
  const current = tab.locator(".sidebar [aria-current='page']");
  expect(await current.textContent()).toBe(`Page ${CURRENT}`);
  // Highlighted by the theme's own sidebar styles.
  const look = (link: Element): string => {
    const style = getComputedStyle(link);
    return `${style.color} ${style.backgroundColor} ${style.fontWeight}`;
  };
  expect(await current.evaluate(look)).not.toBe(await links.first().evaluate(look));
  // Scrolled into the sidebar's view, though the page sits at its very end.
  const box = await current.boundingBox();
  expect(box && box.y > 0 && box.y + box.height < 800).toBe(true);
  expect(await tab.locator(".sidebar").evaluate((sidebar) => sidebar.scrollTop)).toBeGreaterThan(0);
  // Filled groups work from the keyboard as the page's own do.
  const byKeyboard = tab.locator("details.nav-subgroup", { hasText: "More 5" });
  await byKeyboard.locator("summary").focus();
  await tab.keyboard.press("Enter");
  await expect.poll(() => byKeyboard.getAttribute("open")).toBe("");
  // A far group: closed, then opened by a click, and its page is reached with its link.
  const far = tab.locator("details.nav-subgroup", { hasText: "More 2" });
  expect(await far.getAttribute("open")).toBeNull();
  const farLink = far.locator("a.nav-link", { hasText: "Page g2/more/m1" });
  expect(await farLink.isVisible()).toBe(false);
  await far.locator("summary").click();
  await expect.poll(() => farLink.isVisible()).toBe(true);
  await farLink.click();
  await tab.waitForURL(/g2\/more\/m1\.html$/);
  await expect
    .poll(() => tab.locator(".sidebar [aria-current='page']").textContent())
    .toBe("Page g2/more/m1");
  expect(
    await tab.locator("details.nav-subgroup", { hasText: "More 2" }).getAttribute("open"),
  ).toBe("");
  // Back in the first group, from a page two folders deep: links from the shared script resolve.
  await tab.locator(".sidebar a.nav-link", { hasText: /^Page g0\/p1$/ }).click();
  await tab.waitForURL(/\/g0\/p1\.html$/);
  expect(await tab.locator("h1").textContent()).toBe("Page g0/p1");
}

describe("a sidebar larger than the page carries", () => {
  it("writes the sidebar once, in a shared script every page loads, and keeps pages small", () => {
    const scripts = readdirSync(path.join(site, "_quire")).filter((file) =>
      file.startsWith("sidebar."),
    );
    expect(scripts).toHaveLength(1);
    const html = readFileSync(path.join(site, `${CURRENT}.html`), "utf8");
    expect(html).toContain(`<script src="../_quire/${scripts[0]}" defer></script>`);
    expect(html).not.toContain('href="../g3/p4.html"');
    const manifest = JSON.parse(readFileSync(path.join(site, "quire-export.json"), "utf8"));
    // No inline script was added: the policy's hashes are the ones of every export.
    expect(manifest.scriptHashes).toHaveLength(4);
  });

  it("shows the whole sidebar from file://, the current page marked and in view", async () => {
    const tab = await open(pathToFileURL(path.join(site, `${CURRENT}.html`)).href);
    await checkSidebar(tab);
    await tab.context().close();
  });

  it("shows the whole sidebar over http, with no script error", async () => {
    const server = await serveFolder(site);
    try {
      const tab = await open(`${server.url}${CURRENT}.html`);
      const errors: string[] = [];
      tab.on("pageerror", (error) => errors.push(error.message));
      await checkSidebar(tab);
      expect(errors).toEqual([]);
      await tab.context().close();
    } finally {
      await server.close();
    }
  });

  it("fills the 404 page's sidebar at any depth, its links leading into the site", async () => {
    const server = await serveFolder(site);
    try {
      const tab = await open(`${server.url}no/such/page.html`);
      await expect
        .poll(() => tab.locator(".sidebar a.nav-link").count())
        .toBe(GROUPS * ENTRIES_PER_GROUP);
      await tab.locator(".sidebar a.nav-link", { hasText: /^Page g0\/p1$/ }).click();
      await tab.waitForURL(`${server.url}g0/p1.html`);
      expect(await tab.locator("h1").textContent()).toBe("Page g0/p1");
      await tab.context().close();
    } finally {
      await server.close();
    }
  });

  it("keeps the page's own group and the other groups' titles with JavaScript off", async () => {
    const tab = await open(pathToFileURL(path.join(site, `${CURRENT}.html`)).href, false);
    const current = tab.locator(".sidebar [aria-current='page']");
    expect(await current.textContent()).toBe(`Page ${CURRENT}`);
    expect(
      await tab.locator(".sidebar a.nav-link", { hasText: `Page g${GROUPS - 1}/p0` }).count(),
    ).toBe(1);
    expect(await tab.locator(".sidebar a.nav-link", { hasText: "Page g3/p1" }).count()).toBe(0);
    expect(await tab.locator(".sidebar .nav-group-title", { hasText: "Group 3" }).count()).toBe(1);
    await tab.context().close();
  });
});

describe("a large sidebar of a language, with clean URLs", () => {
  let cleanSite: string;

  beforeAll(async () => {
    const files: Record<string, string> = {};
    const groupsOf = (language: string) =>
      Array.from({ length: GROUPS }, (_unused, group) => {
        const pages = Array.from(
          { length: PER_GROUP + 3 },
          (_page, index) => `${language}/g${group}/p${index}`,
        );
        for (const page of pages)
          files[`${page}.mdx`] =
            `---\ntitle: Page ${page}\n${page.endsWith("/p2") ? "deprecated: true\n" : ""}---\n\nText of ${page}.\n`;
        return { group: `Group ${group}`, pages };
      });
    files["docs.json"] = JSON.stringify({
      name: "Big",
      colors: { primary: "#2563eb" },
      navigation: {
        languages: ["en", "fr"].map((language) => ({ language, groups: groupsOf(language) })),
      },
    });
    writeRepoFiles(path.join(root, "clean-source"), files);
    cleanSite = path.join(root, "clean-site");
    await exportSite({
      sourceDir: path.join(root, "clean-source"),
      outputDir: cleanSite,
      cleanUrls: true,
      paths: ["fr/g11/p30", "fr/g0/p1"],
    });
  }, 120_000);

  it("fills a French page's far groups in French, with links to the pages' folders", async () => {
    const tab = await open(pathToFileURL(path.join(cleanSite, "fr/g11/p30/index.html")).href);
    await expect
      .poll(() => tab.locator(".sidebar a.nav-link").count())
      .toBe(GROUPS * (PER_GROUP + 3));
    const far = tab.locator(".sidebar .nav-group", { hasText: "Group 0" });
    const deprecated = far.locator(".nav-deprecated");
    expect(await deprecated.textContent()).toBe("Obsolète");
    expect(await tab.locator(".sidebar", { hasText: "Deprecated" }).count()).toBe(0);
    const link = far.locator("a.nav-link", { hasText: /^Page fr\/g0\/p1$/ });
    expect(await link.getAttribute("href")).toBe("../../../fr/g0/p1/index.html");
    await link.click();
    await tab.waitForURL(/\/fr\/g0\/p1\/index\.html$/);
    expect(await tab.locator("h1").textContent()).toBe("Page fr/g0/p1");
    await tab.context().close();
  });
});

describe("a flat group of more pages than a page carries", () => {
  // One group of 500 endpoints, as an OpenAPI reference lists them, in folders of 50.
  const COUNT = 500;
  const pathOf = (index: number): string => `api/f${Math.floor(index / 50)}/e${index}`;
  const pages = Array.from({ length: COUNT }, (_unused, index) => pathOf(index));
  let flatSite: string;
  /** The same pages as a tab's own list, with no group: the sidebar's top level. */
  let topLevelSite: string;

  const exportFlat = async (name: string, navigation: unknown): Promise<string> => {
    const files: Record<string, string> = {};
    for (const page of pages)
      files[`${page}.mdx`] = `---\ntitle: Endpoint ${page}\n---\n\nText of ${page}.\n`;
    files["docs.json"] = JSON.stringify({
      name: "Flat",
      colors: { primary: "#2563eb" },
      navigation,
    });
    writeRepoFiles(path.join(root, `${name}-source`), files);
    const outputDir = path.join(root, `${name}-site`);
    await exportSite({
      sourceDir: path.join(root, `${name}-source`),
      outputDir,
      paths: [pathOf(260), pathOf(3)],
    });
    return outputDir;
  };

  beforeAll(async () => {
    flatSite = await exportFlat("flat", { groups: [{ group: "Endpoints", pages }] });
    topLevelSite = await exportFlat("top-level", { tabs: [{ tab: "API", pages }] });
  }, 120_000);

  it("fills in the rest of the group around the page's own entries, in order, links working", async () => {
    const html = readFileSync(path.join(flatSite, `${pathOf(260)}.html`), "utf8");
    expect(html.match(/class="nav-link/g)).toHaveLength(SIDEBAR_LIST_WINDOW);
    const tab = await open(pathToFileURL(path.join(flatSite, `${pathOf(260)}.html`)).href);
    const links = tab.locator(".sidebar a.nav-link");
    await expect.poll(() => links.count()).toBe(COUNT);
    expect(await tab.locator(".sidebar [data-sidebar-entries]").count()).toBe(0);
    const titles = await links.evaluateAll((all) => all.map((link) => link.textContent));
    expect(titles).toEqual(
      Array.from({ length: COUNT }, (_unused, index) => `Endpoint ${pathOf(index)}`),
    );
    const current = tab.locator(".sidebar [aria-current='page']");
    expect(await current.textContent()).toBe(`Endpoint ${pathOf(260)}`);
    const box = await current.boundingBox();
    expect(box && box.y > 0 && box.y + box.height < 800).toBe(true);
    // An entry the script filled in, from another folder, leads to its page.
    const filled = tab.locator(".sidebar a.nav-link", {
      hasText: new RegExp(`^Endpoint ${pathOf(3)}$`),
    });
    await filled.scrollIntoViewIfNeeded();
    await filled.click();
    await tab.waitForURL(new RegExp(`/${pathOf(3)}\\.html$`));
    expect(await tab.locator("h1").textContent()).toBe(`Endpoint ${pathOf(3)}`);
    await expect.poll(() => tab.locator(".sidebar a.nav-link").count()).toBe(COUNT);
    await tab.context().close();
  });

  it("fills a long top level of the sidebar alike", async () => {
    const html = readFileSync(path.join(topLevelSite, `${pathOf(260)}.html`), "utf8");
    // No groups: the top level is the script's list 0.
    expect(html).toContain('<li hidden data-sidebar-entries="0:0:210"></li>');
    expect(html).toContain('<li hidden data-sidebar-entries="0:310:500"></li>');
    const tab = await open(pathToFileURL(path.join(topLevelSite, `${pathOf(260)}.html`)).href);
    const links = tab.locator(".sidebar .sidebar-groups a.nav-link");
    await expect.poll(() => links.count()).toBe(COUNT);
    const titles = await links.evaluateAll((all) => all.map((link) => link.textContent));
    expect(titles).toEqual(
      Array.from({ length: COUNT }, (_unused, index) => `Endpoint ${pathOf(index)}`),
    );
    expect(await tab.locator(".sidebar [aria-current='page']").textContent()).toBe(
      `Endpoint ${pathOf(260)}`,
    );
    await tab.context().close();
  });

  it("keeps the entries around the page with JavaScript off", async () => {
    const tab = await open(pathToFileURL(path.join(flatSite, `${pathOf(260)}.html`)).href, false);
    const titles = await tab
      .locator(".sidebar a.nav-link")
      .evaluateAll((all) => all.map((link) => link.textContent));
    expect(titles).toHaveLength(SIDEBAR_LIST_WINDOW);
    expect(titles).toContain(`Endpoint ${pathOf(260)}`);
    expect(titles[0]).toBe(`Endpoint ${pathOf(260 - SIDEBAR_LIST_WINDOW / 2)}`);
    expect(await tab.locator(".sidebar [aria-current='page']").textContent()).toBe(
      `Endpoint ${pathOf(260)}`,
    );
    await tab.context().close();
  });
});
