import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

const PAGE_COUNT = 80;
let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-layout-${process.pid}-${Date.now()}`);
  const files: Record<string, string> = {
    "docs.json": JSON.stringify({
      name: "Long",
      colors: { primary: "#2563eb" },
      banner: { content: "Read the [setup guide](/guides/setup#install)", dismissible: true },
      navbar: { links: [{ label: "Setup", href: "/guides/setup#install" }] },
      navigation: {
        groups: [
          {
            group: "Start",
            pages: [
              "index",
              "guides/setup",
              ...Array.from({ length: PAGE_COUNT }, (_, index) => `p${index}`),
            ],
          },
        ],
      },
    }),
    "index.mdx": "---\ntitle: Home\n---\n\nHello.\n",
    "guides/setup.mdx": `---\ntitle: Setup\n---\n\n${"Some words to push the section down.\n\n".repeat(40)}## Install\n\nRun the installer.\n\n${"More words.\n\n".repeat(40)}`,
  };
  for (let index = 0; index < PAGE_COUNT; index++)
    files[`p${index}.mdx`] =
      `---\ntitle: Page ${index}\n---\n\n${"A paragraph of text.\n\n".repeat(60)}`;
  writeRepoFiles(path.join(root, "source"), files);
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(file: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  await tab.goto(pathToFileURL(path.join(root, "site", file)).href);
  await tab.waitForFunction(() => document.documentElement.classList.contains("js"));
  await tab.waitForTimeout(100);
  return tab;
}

describe("the page layout in a browser", () => {
  it("opens a page far down a long sidebar at its top, with its sidebar link scrolled into view", async () => {
    const tab = await open("p75.html");
    expect(await tab.evaluate(() => window.scrollY)).toBe(0);
    const current = tab.locator(".sidebar [aria-current='page']");
    await expect.poll(() => current.textContent()).toBe("Page 75");
    const box = await current.boundingBox();
    expect(box && box.y > 0 && box.y + box.height < 800).toBe(true);
    await tab.context().close();
  });

  it("follows a navbar link to a section of another page", async () => {
    const tab = await open("p3.html");
    await tab.locator(".navbar-link", { hasText: "Setup" }).click();
    await tab.waitForURL(/guides\/setup\.html#install$/);
    expect(await tab.locator("h1").textContent()).toBe("Setup");
    await tab.context().close();
  });

  it("keeps a dismissed banner closed on the next page, from its first paint", async () => {
    const server = await serveFolder(path.join(root, "site"));
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    await tab.goto(`${server.url}index.html`);
    await expect.poll(() => tab.locator(".banner").isVisible()).toBe(true);
    await tab.locator("[data-banner-close]").click();
    expect(await tab.locator(".banner").isVisible()).toBe(false);
    // Without the deferred client script, only the script in <head> can hide it: no jump once it loads.
    await context.route(/\/_quire\/quire\.[0-9a-f]+\.js$/, (route) => route.abort());
    await tab.goto(`${server.url}p1.html`);
    expect(await tab.locator(".banner").isVisible()).toBe(false);
    await context.close();
    await server.close();
  });
});
