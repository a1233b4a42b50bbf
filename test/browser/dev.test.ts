import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DevSession, startDevSession } from "../../src/dev/dev-session.ts";
import { makeDevSite } from "../dev/dev-site-fixture.ts";
import { launchBrowser } from "../helpers/browser.ts";

/**
 * `quire dev` in Chromium: a fixture site copied to a temporary folder, opened in a tab, then
 * edited on disk as a writer's editor saves it. The tab is never reloaded by the test: what it
 * shows next, it shows because the dev server told it to load again.
 */
let browser: Browser;
let session: DevSession | undefined;
let tab: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await tab?.close();
  tab = undefined;
  await session?.close();
  session = undefined;
});

async function openSite(pagePath: string): Promise<{ root: string; tab: Page }> {
  const root = makeDevSite();
  session = await startDevSession({ sourceDir: root, port: 0, host: "127.0.0.1", write: () => {} });
  tab = await browser.newPage();
  // Listening for changes starts once the page's script has connected.
  const connected = tab.waitForResponse((response) =>
    response.url().includes("/_quire-dev/events"),
  );
  await tab.goto(`${session.url}${pagePath}`);
  await connected;
  return { root, tab: tab as Page };
}

function edit(root: string, file: string, change: (text: string) => string): void {
  const target = path.join(root, file);
  writeFileSync(target, change(readFileSync(target, "utf8")));
}

const WAIT = { timeout: 30_000 };

describe("quire dev in Chromium", () => {
  it("shows a saved page's new text without a reload by hand", async () => {
    const { root, tab } = await openSite("guide");
    await tab.getByText("Read the welcome page first.").waitFor(WAIT);
    edit(root, "guide.mdx", (text) => text.replace("first.", "first, then hoist the sails."));
    await tab.getByText("then hoist the sails.").waitFor(WAIT);
  });

  it("shows a broken page's error with file:line in an overlay, and the page again once fixed", async () => {
    const { root, tab } = await openSite("index");
    const overlay = tab.locator("#quire-dev-overlay");
    expect(await overlay.count()).toBe(0);
    edit(root, "index.mdx", (text) => `${text}\n<Note>\nnever closed\n`);
    await overlay.waitFor(WAIT);
    await expect(overlay.locator(".quire-dev-where").first().textContent()).resolves.toBe(
      "index.mdx:7:1",
    );
    await expect(overlay.locator(".quire-dev-frame").first().textContent()).resolves.toContain(
      "> 7 | <Note>",
    );
    edit(root, "index.mdx", (text) => text.replace("<Note>\nnever closed\n", "Fair winds.\n"));
    await tab.getByText("Fair winds.").waitFor(WAIT);
    expect(await overlay.count()).toBe(0);
  });

  it("shows a link to no page as a warning in the overlay, gone once the link is mended", async () => {
    const { root, tab } = await openSite("guide");
    edit(root, "guide.mdx", (text) => text.replace("(/index)", "(/harbour)"));
    const overlay = tab.locator("#quire-dev-overlay");
    await overlay.waitFor(WAIT);
    await expect(overlay.textContent()).resolves.toContain('link to "/harbour" points to no page');
    edit(root, "guide.mdx", (text) => text.replace("(/harbour)", "(/index)"));
    await overlay.waitFor({ state: "detached", ...WAIT });
  });

  it("shows a page added to docs.json's navigation in the sidebar", async () => {
    const { root, tab } = await openSite("index");
    const sidebar = tab.locator("#sidebar");
    await expect(sidebar.textContent()).resolves.not.toContain("Harbour extras");
    edit(root, "docs.json", (text) => text.replace('"guide"', '"guide",\n"extra"'));
    await sidebar.getByText("Harbour extras").waitFor(WAIT);
  });

  it("shows a changed snippet in the page that imports it", async () => {
    const { root, tab } = await openSite("guide");
    await tab.getByText("Mind the sandbanks at low tide.").waitFor(WAIT);
    writeFileSync(path.join(root, "snippets/caution.mdx"), "Beware of the reef at dawn.\n");
    await tab.getByText("Beware of the reef at dawn.").waitFor(WAIT);
  });

  it("loads the page again when the preview is restarted, with what changed meanwhile", async () => {
    const { root, tab } = await openSite("guide");
    const port = new URL(session?.url ?? "").port;
    await session?.close();
    edit(root, "guide.mdx", (text) => text.replace("first.", "first, written while it was down."));
    session = await startDevSession({
      sourceDir: root,
      port: Number(port),
      host: "127.0.0.1",
      write: () => {},
    });
    await tab.getByText("written while it was down.").waitFor(WAIT);
  });

  it("shows a page written while its tab showed the 404 page", async () => {
    const { root, tab } = await openSite("harbour");
    await tab.getByText("Page not found").first().waitFor(WAIT);
    writeFileSync(
      path.join(root, "harbour.mdx"),
      "---\ntitle: Harbour\n---\n\nDocks and moorings.\n",
    );
    await tab.getByText("Docks and moorings.").waitFor(WAIT);
  });

  it("searches the site with Ctrl+K", async () => {
    const { tab } = await openSite("guide");
    await tab.keyboard.press("Control+k");
    const input = tab.locator("dialog.search-dialog input");
    await input.fill("sandbanks");
    const first = tab.locator(".search-results li").first();
    await first.waitFor(WAIT);
    await expect(first.locator(".search-result-title").textContent()).resolves.toBe(
      "Charting guide",
    );
  });
});
