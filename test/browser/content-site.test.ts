import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { CONTENT_SITE } from "../exporter/content-site-fixture.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

let browser: Browser;
let root: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "quire-content-browser-"));
  writeRepoFiles(path.join(root, "source"), CONTENT_SITE);
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  // Under a path prefix, as a static host serving several sites would.
  server = await serveFolder(path.join(root, "site"), "/docs/v2/");
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(url);
  return tab;
}

const bases = {
  "under a path prefix": () => server.url,
  "from file://": () => `${pathToFileURL(path.join(root, "site")).href}/`,
};

/** The colour Chromium computes for a CSS colour value, to compare with an element's. */
function computedColor(tab: Page, value: string): Promise<string> {
  return tab.evaluate((color) => {
    const probe = document.createElement("i");
    probe.style.color = color;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, value);
}

for (const [where, base] of Object.entries(bases)) {
  describe(`links of an exported site ${where}`, () => {
    it("follows a reference-style link and a link to a page named by version", async () => {
      const tab = await open(`${base()}ja/guides/intro.html`);
      await tab.getByRole("link", { name: "overrides", exact: true }).click();
      await tab.waitForURL(/\/ja\/guides\/overrides\.html$/);
      await expect(tab.locator("h1").first().textContent()).resolves.toBe("Overrides");
      await tab.goBack();
      await tab.getByRole("link", { name: "release notes", exact: true }).click();
      await tab.waitForURL(/\/releases\/notes\/26\.08\.html$/);
      await expect(tab.locator("h1").first().textContent()).resolves.toBe("Release 26.08");
      await tab.context().close();
    });
  });
}

describe("the home page's hero cards in the browser", () => {
  it("stay four whole cards, each one link holding its heading", async () => {
    const tab = await open(`${server.url}index.html`);
    const cards = await tab.evaluate(() =>
      [...document.querySelectorAll("a.hero-card")].map((card) => [
        card.querySelector("h3")?.textContent,
        card.querySelectorAll("a").length,
      ]),
    );
    expect(cards).toEqual([
      ["Quickstart", 0],
      ["Errors", 0],
      ["Guides", 0],
      ["Releases", 0],
    ]);
    await tab.context().close();
  });
});

describe("Tailwind classes of pages written for Mintlify", () => {
  it("applies the important modifier, before and after the utility, over the theme's colours", async () => {
    const tab = await open(`${server.url}styles.html`);
    const red600 = await computedColor(tab, "oklch(57.7% 0.245 27.325)");
    const blue600 = await computedColor(tab, "oklch(54.6% 0.245 262.881)");
    const gray900 = await computedColor(tab, "oklch(21% 0.034 264.665)");
    const color = (selector: string) =>
      tab.locator(selector).evaluate((element) => getComputedStyle(element).color);
    await expect(color("#important")).resolves.toBe(gray900);
    await expect(color("#trailing")).resolves.toBe(blue600);
    await tab.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await expect(color("#important")).resolves.toBe(red600);
    await tab.context().close();
  });

  it("colours a quiz's answer, shown only after a click, by its dark:!text class", async () => {
    const tab = await open(`${server.url}styles.html`);
    await tab.waitForSelector("html[data-islands=ready]");
    await tab.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await tab.locator("#reveal").click();
    const green400 = await computedColor(tab, "oklch(79.2% 0.209 151.711)");
    await expect(
      tab.locator("#answer").evaluate((element) => getComputedStyle(element).color),
    ).resolves.toBe(green400);
    await tab.context().close();
  });

  it("gives v3's bg-opacity its colour, and space-y its gaps over the theme's margins", async () => {
    const tab = await open(`${server.url}styles.html`);
    await expect(
      tab.locator("#overlay").evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toMatch(/^(oklab\(0 0 0 \/ 0\.5\)|rgba\(0, 0, 0, 0\.5\))$/);
    const second = tab.locator("#stack > h3").nth(1);
    await expect(second.evaluate((element) => getComputedStyle(element).marginTop)).resolves.toBe(
      "8px",
    );
    await tab.context().close();
  });
});
