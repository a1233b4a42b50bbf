import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser, recordForeignRequests, serveFolder } from "../helpers/browser.ts";
import { makeRepo } from "../helpers/temp-repo.ts";
import { type QuireServe, startQuireServe } from "../serve/quire-serve-process.ts";
import { REDIRECT_SITE } from "../serve/redirect-site.ts";

/**
 * A site without an index page and with every redirect form, followed in Chromium: from disk,
 * under a plain static server (its 404 page's fallback) at the root and under a path prefix,
 * and under a real `quire serve` (real redirects).
 */
let browser: Browser;
let work: string;
let siteDir: string;
let atRoot: { url: string; close: () => Promise<void> };
let underPrefix: { url: string; close: () => Promise<void> };
let quire: QuireServe;

beforeAll(async () => {
  // The exported site lives for the whole file (makeTempDir cleans up after each test).
  work = mkdtempSync(path.join(os.tmpdir(), "quire-redirects-"));
  siteDir = path.join(work, "site");
  const archiveFile = path.join(work, "site.tar.gz");
  await exportSite({ sourceDir: makeRepo(REDIRECT_SITE), outputDir: siteDir, archiveFile });
  atRoot = await serveFolder(siteDir);
  underPrefix = await serveFolder(siteDir, "/docs/");
  quire = await startQuireServe(archiveFile);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await atRoot?.close();
  await underPrefix?.close();
  await quire?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function newTab(javaScript = true): Promise<{ context: BrowserContext; tab: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  return { context, tab: await context.newPage() };
}

/** Opens `url` and waits until the tab has landed on a page whose URL matches `landing`. */
async function land(tab: Page, url: string, landing: RegExp): Promise<string> {
  await tab.goto(url);
  await tab.waitForURL(landing, { timeout: 30_000 });
  await tab.waitForLoadState("load");
  return tab.url();
}

const title = (tab: Page) => tab.locator("h1").first().textContent();

describe("a site without an index page in Chromium", () => {
  it("shows its first page at / over http, with scripts on and off, and from disk", async () => {
    for (const javaScript of [true, false]) {
      const { context, tab } = await newTab(javaScript);
      await land(tab, underPrefix.url, /\/docs\/guides\/intro\.html$/);
      await expect(title(tab)).resolves.toBe("Introduction");
      await context.close();
    }
    const { context, tab } = await newTab();
    const foreign = recordForeignRequests(tab, "file");
    await land(tab, `${pathToFileURL(siteDir).href}/index.html`, /\/guides\/intro\.html$/);
    await expect(title(tab)).resolves.toBe("Introduction");
    expect(foreign).toEqual([]);
    await context.close();
  });

  it("leads the logo, and the 404 page's home link, to the first page", async () => {
    const { context, tab } = await newTab();
    await tab.goto(`${underPrefix.url}guides/setup.html`);
    await tab.locator("a.brand").click();
    await tab.waitForURL(/\/docs\/guides\/intro\.html$/);
    await land(tab, `${underPrefix.url}no/such/page`, /\/docs\/no\/such\/page$/);
    await tab.waitForFunction(
      () =>
        document.querySelector("[data-quire-home]")?.getAttribute("href") === "/docs/index.html",
      undefined,
      { timeout: 30_000 },
    );
    await tab.locator("[data-quire-home]").click();
    await tab.waitForURL(/\/docs\/guides\/intro\.html$/);
    await context.close();
  });

  it("follows, from disk, a link to a path a wildcard redirects, and the 404 page's home link", async () => {
    const { context, tab } = await newTab();
    const root = pathToFileURL(siteDir).href;
    await tab.goto(`${root}/guides/intro.html`);
    await tab.locator("a", { hasText: "users" }).click();
    await tab.waitForURL(/\/api\/users\.html$/);
    await expect(title(tab)).resolves.toBe("Users");
    await tab.goto(`${root}/404.html`);
    await expect(tab.locator("[data-quire-home]").getAttribute("href")).resolves.toBe("index.html");
    await tab.locator("[data-quire-home]").click();
    await tab.waitForURL(/\/guides\/intro\.html$/);
    await context.close();
  });
});

describe("wildcard and parameter redirects under a plain static server (the 404 page)", () => {
  const CASES: [string, RegExp][] = [
    ["api-reference/chat/send?tab=1#reply", /\/api\/chat\/send\.html\?tab=1#reply$/],
    ["api-reference/users/", /\/api\/users\.html$/],
    ["api-reference/chat/send.html", /\/api\/chat\/send\.html$/],
    ["beta/setup", /\/guides\/setup\.html$/],
    ["agent/workflows/setup", /\/guides\/setup\.html$/],
    ["articles/concepts-anything", /\/guides\/intro\.html$/],
    ["reports", /\/analytics\/index\.html$/],
    ["beta/caf%C3%A9", /\/guides\/caf%C3%A9\.html$/],
  ];

  for (const [name, server] of [
    ["at the root", () => atRoot],
    ["under a path prefix", () => underPrefix],
  ] as const) {
    it(`lands on each destination ${name}, with the query and fragment kept`, async () => {
      const { context, tab } = await newTab();
      const base = server().url;
      const origin = new URL(base).origin;
      const foreign = recordForeignRequests(tab, origin);
      for (const [from, landing] of CASES) {
        const landed = await land(tab, base + from, landing);
        expect(landed.startsWith(base), from).toBe(true);
      }
      expect(foreign).toEqual([]);
      await context.close();
    });
  }

  it("sends an external destination's reader to it, values encoded, its own query kept", async () => {
    const { context, tab } = await newTab();
    const leaving: string[] = [];
    await tab.route("https://example.com/**", (route) => {
      leaving.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Elsewhere</h1>" });
    });
    await land(tab, `${underPrefix.url}ext/a%20b?mine=1`, /^https:\/\/example\.com\//);
    expect(leaving).toEqual(["https://example.com/docs/a%20b?from=quire"]);
    expect(tab.url()).toBe("https://example.com/docs/a%20b?from=quire#top");
    await context.close();
  });

  it("stops a loop of redirects on the 404 page", async () => {
    const { context, tab } = await newTab();
    await tab.goto(`${underPrefix.url}loop-a/x`);
    // The fallback gives up after ten quick moves; the page then stays where it is.
    await tab
      .waitForFunction(
        () => Number((sessionStorage.getItem("quire-redirect-hops") ?? "0").split(" ")[0]) > 10,
        undefined,
        { timeout: 30_000, polling: 100 },
      )
      .catch(async () => {
        // A navigation may tear the page down under the wait: wait on the next page instead.
        await tab.waitForFunction(
          () => Number((sessionStorage.getItem("quire-redirect-hops") ?? "0").split(" ")[0]) > 10,
          undefined,
          { timeout: 30_000, polling: 100 },
        );
      });
    await tab.waitForLoadState("load");
    await expect(title(tab)).resolves.toBe("Page not found");
    expect(tab.url()).toMatch(/\/docs\/loop-[ab]\/x\.html$/);
    await context.close();
  });
});

describe("redirects under quire serve in Chromium", () => {
  it("follows real 307 and 308 answers to pages of the same origin", async () => {
    const { context, tab } = await newTab();
    const origin = new URL(quire.base).origin;
    const foreign = recordForeignRequests(tab, origin);
    const answers: [string, number, string | undefined][] = [];
    tab.on("response", (response) => {
      // Redirects only: a font or stylesheet revalidated by the browser answers 304.
      if ([301, 302, 303, 307, 308].includes(response.status()))
        answers.push([
          new URL(response.url()).pathname,
          response.status(),
          response.headers().location,
        ]);
    });
    await land(tab, `${quire.base}/`, /\/guides\/intro$/);
    await expect(title(tab)).resolves.toBe("Introduction");
    await land(tab, `${quire.base}/api-reference/chat/send?tab=1`, /\/api\/chat\/send\?tab=1$/);
    await expect(title(tab)).resolves.toBe("Send a message");
    await land(tab, `${quire.base}/stats`, /\/analytics\/$/);
    await expect(title(tab)).resolves.toBe("Analytics");
    await land(tab, `${quire.base}/old`, /\/guides\/setup#install$/);
    // The page's own link to a moved path is its redirect page, answered as the redirect.
    await tab.goto(`${quire.base}/guides/intro`);
    await tab.locator("a", { hasText: "users" }).click();
    await tab.waitForURL(/\/api\/users$/);
    expect(answers).toEqual([
      ["/", 307, "/guides/intro"],
      ["/api-reference/chat/send", 308, "/api/chat/send?tab=1"],
      ["/stats", 307, "/analytics/"],
      ["/old", 308, "/guides/setup#install"],
      ["/api-reference/users.html", 308, "/api/users"],
    ]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
