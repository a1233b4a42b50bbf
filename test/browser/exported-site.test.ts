import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser, recordForeignRequests, serveFolder } from "../helpers/browser.ts";

let browser: Browser;
let siteDir: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  siteDir = path.join(makeTempDirOutsideTest(), "site");
  await exportSite({ sourceDir: path.resolve("examples/docs"), outputDir: siteDir });
  // Served under a path prefix, as on a host where the docs are not at the root.
  server = await serveFolder(siteDir, "/docs/");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** makeTempDir cleans up after each test; the exported site must live for the whole file. */
function makeTempDirOutsideTest(): string {
  return path.join(os.tmpdir(), `quire-browser-${process.pid}-${Date.now()}`);
}

const origins = {
  http: () => server.url,
  file: () => `${pathToFileURL(siteDir).href}/`,
};

async function open(
  kind: "http" | "file",
  page: string,
  options: { width?: number; javaScript?: boolean } = {},
): Promise<{ context: BrowserContext; tab: Page; foreign: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  const tab = await context.newPage();
  const foreign = recordForeignRequests(tab, kind === "file" ? "file" : new URL(server.url).origin);
  await tab.goto(origins[kind]() + page);
  return { context, tab, foreign };
}

for (const kind of ["http", "file"] as const) {
  describe(`the exported sample site over ${kind}`, () => {
    it("navigates through the sidebar, tabs and previous/next links with relative links", async () => {
      const { context, tab, foreign } = await open(kind, "index.html");
      await expect(tab.title()).resolves.toBe("Lumen documentation - Lumen");
      await tab.locator(".sidebar a.nav-link", { hasText: "Quickstart" }).click();
      await tab.waitForURL(/quickstart\.html$/);
      await expect(tab.locator("h1.page-title").textContent()).resolves.toBe("Quickstart");
      await expect(tab.locator(".sidebar [aria-current=page]").textContent()).resolves.toContain(
        "Quickstart",
      );
      await tab.locator(".tabs-bar a", { hasText: "API reference" }).click();
      await tab.waitForURL(/api\/introduction\.html$/);
      await tab.locator(".pager-next").click();
      await tab.waitForURL(/api\/authentication\.html$/);
      expect(foreign).toEqual([]);
      await context.close();
    });

    it("switches tabs by click and arrow keys, and code groups by click", async () => {
      const { context, tab } = await open(kind, "components/tabs.html");
      const panels = tab.locator(".tabs > .tab-panel");
      await expect(panels.nth(0).isVisible()).resolves.toBe(true);
      await expect(panels.nth(1).isVisible()).resolves.toBe(false);
      await tab.getByRole("tab", { name: "Linux" }).click();
      await expect(panels.nth(1).isVisible()).resolves.toBe(true);
      await expect(panels.nth(0).isVisible()).resolves.toBe(false);
      await tab.keyboard.press("ArrowRight");
      await expect(panels.nth(2).isVisible()).resolves.toBe(true);
      await expect(tab.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
        "Windows",
      );
      await tab.goto(`${origins[kind]()}components/code.html`);
      const group = tab.locator(".code-group:not(.tab-set-dropdown)");
      await group.getByRole("tab", { name: "Python" }).click();
      await expect(group.locator(".tab-panel.active").textContent()).resolves.toContain(
        "jobs = lumen.jobs.list()",
      );
      await context.close();
    });

    it("opens accordions and switches the theme, remembering it", async () => {
      const { context, tab } = await open(kind, "components/accordions.html");
      const accordion = tab.locator("details.accordion").first();
      await expect(
        accordion.evaluate((element) => (element as HTMLDetailsElement).open),
      ).resolves.toBe(false);
      await accordion.locator("summary").click();
      await expect(
        accordion.evaluate((element) => (element as HTMLDetailsElement).open),
      ).resolves.toBe(true);
      const before = await tab.evaluate(() => document.documentElement.dataset.theme);
      await tab.locator("[data-theme-toggle]").click();
      const after = await tab.evaluate(() => document.documentElement.dataset.theme);
      expect(after).not.toBe(before);
      await tab.reload();
      await expect(tab.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(after);
      await context.close();
    });

    it("copies a code block with its copy button", async () => {
      const { context, tab } = await open(kind, "components/code.html");
      if (kind === "http")
        await context.grantPermissions(["clipboard-read", "clipboard-write"], {
          origin: new URL(server.url).origin,
        });
      const button = tab.locator(".code-block").first().locator("button.copy-code");
      await button.click();
      await expect.poll(() => button.textContent()).toBe("Copied");
      if (kind === "http") {
        const copied = await tab.evaluate(() => navigator.clipboard.readText());
        expect(copied).toContain('import { Lumen } from "@lumen/client";');
      }
      await context.close();
    });

    it("searches with Ctrl+K, shows title, section and highlighted excerpt, and jumps to the heading", async () => {
      const { context, tab, foreign } = await open(kind, "guides/advanced/webhooks.html");
      await tab.keyboard.press("Control+k");
      const input = tab.locator("dialog.search-dialog input");
      await expect(input.isVisible()).resolves.toBe(true);
      await input.fill("daylight sav");
      const first = tab.locator(".search-results li").first();
      await first.waitFor();
      await expect(first.locator(".search-result-title").textContent()).resolves.toBe("Time zones");
      await expect(first.locator("mark").first().textContent()).resolves.toMatch(/daylight/i);
      await input.fill("fixed interv");
      const result = tab.locator(".search-results li", { hasText: "Intervals" }).first();
      await result.waitFor();
      await expect(result.locator(".search-result-section").textContent()).resolves.toBe(
        "Intervals",
      );
      await tab.keyboard.press("Enter");
      await tab.waitForURL(/guides\/schedules\.html#intervals$/);
      expect(foreign).toEqual([]);
      await context.close();
    });

    it("renders math and diagrams with no request to any other host", async () => {
      const { context, tab, foreign } = await open(kind, "reference/diagrams.html");
      await tab.locator("pre.mermaid svg").waitFor({ timeout: 20_000 });
      await tab.goto(`${origins[kind]()}reference/math.html`);
      await expect(tab.locator(".katex").count()).resolves.toBeGreaterThan(1);
      await tab.goto(`${origins[kind]()}components/media.html`);
      expect(foreign).toEqual([]);
      await context.close();
    });
  });
}

describe("the exported sample site for readers without JavaScript or with a phone", () => {
  it("shows every tab panel and the navigation with JavaScript off", async () => {
    const { context, tab } = await open("http", "components/tabs.html", { javaScript: false });
    const panels = tab.locator(".tabs > .tab-panel");
    await expect(panels.count()).resolves.toBe(3);
    for (let index = 0; index < 3; index++)
      await expect(panels.nth(index).isVisible()).resolves.toBe(true);
    await expect(tab.locator(".tab-panel-title").first().isVisible()).resolves.toBe(true);
    await tab.locator(".sidebar a.nav-link", { hasText: "Steps" }).click();
    await tab.waitForURL(/components\/steps\.html$/);
    await context.close();
  });

  it("opens the navigation from the menu button on a 360 px screen", async () => {
    const { context, tab } = await open("http", "quickstart.html", { width: 360 });
    await expect(tab.locator("#sidebar").isVisible()).resolves.toBe(false);
    await tab.locator("[data-menu-toggle]").click();
    await expect(tab.locator("#sidebar").isVisible()).resolves.toBe(true);
    const overflow = await tab.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("serves its own 404 page for a missing path", async () => {
    const { context, tab } = await open("http", "no/such/page.html");
    await expect(tab.locator("h1").textContent()).resolves.toBe("Page not found");
    // The page finds the site's root by asking the server, after it loads: wait for the answer.
    await tab.waitForFunction(
      () =>
        document.querySelector("[data-quire-home]")?.getAttribute("href") === "/docs/index.html",
      undefined,
      { timeout: 30_000 },
    );
    await expect(tab.locator("[data-quire-home]").getAttribute("href")).resolves.toBe(
      "/docs/index.html",
    );
    await context.close();
  });
});
