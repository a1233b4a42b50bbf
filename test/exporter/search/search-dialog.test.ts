import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildSearchIndex,
  SEARCH_ENTRY,
  type SearchDocument,
} from "../../../src/exporter/search/build-index.ts";
import { launchBrowser, recordForeignRequests, serveFolder } from "../../helpers/browser.ts";
import { generatedSite } from "./generated-site.ts";
import { SAMPLE_SITE } from "./sample-site.ts";

/*
 * The search dialog in a real browser, on hand-made pages that include only the search
 * client (bundled here with esbuild, as the theme does) and a built index: over http and
 * opened from disk (file://), where fetch() is blocked and only script tags can load it.
 */

const source = path.resolve(fileURLToPath(import.meta.url), "../../../../src/exporter");
const workDirectory = path.join(os.tmpdir(), `quire-search-browser-${process.pid}`);
const smallSite = path.join(workDirectory, "small");
const largeSite = path.join(workDirectory, "large");
let browser: Browser;
let server: { url: string; close: () => Promise<void> };

/** A page at `pagePath` with the top bar's search button, a text field, and tall sections. */
function pageHtml(pagePath: string, document: SearchDocument | undefined): string {
  const root = "../".repeat(pagePath.split("/").length - 1);
  const sections = (document?.sections ?? [])
    .filter((section) => section.anchor !== "")
    .map(
      (section) =>
        `<h2 id="${section.anchor}">${section.heading}</h2><p style="min-height: 120vh">${section.text}</p>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en" data-root="${root}" data-search-index="${SEARCH_ENTRY}">
<head><meta charset="utf-8"><title>${document?.title ?? pagePath}</title><link rel="stylesheet" href="${root}_quire/style.css"></head>
<body>
<header><button type="button" data-quire-search-open>Search <kbd data-search-shortcut>Ctrl K</kbd></button><input aria-label="Feedback" id="feedback"></header>
<main><h1>${document?.title ?? pagePath}</h1>${sections}</main>
<script src="${root}_quire/client.js"></script>
</body>
</html>`;
}

function writeSite(folder: string, documents: SearchDocument[], extraPages: string[]): void {
  for (const file of buildSearchIndex(documents).files) write(folder, file.path, file.content);
  for (const document of documents.slice(0, 50))
    write(folder, `${document.path}.html`, pageHtml(document.path, document));
  for (const page of extraPages) write(folder, `${page}.html`, pageHtml(page, undefined));
}

function write(folder: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
  writeFileSync(path.join(folder, file), content);
}

beforeAll(async () => {
  const client = await build({
    stdin: {
      contents: `import { setup } from "./theme/client/components/search.ts"; document.documentElement.classList.add("js"); setup(document);`,
      resolveDir: source,
      loader: "ts",
    },
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: ["chrome100"],
  });
  const style = ["theme/styles/00-tokens.css", "theme/styles/components/search.css"]
    .map((file) => readFileSync(path.join(source, file), "utf8"))
    .join("\n");
  for (const folder of [smallSite, largeSite]) {
    write(folder, "_quire/client.js", client.outputFiles[0]?.text ?? "");
    write(folder, "_quire/style.css", style);
  }
  writeSite(smallSite, SAMPLE_SITE, ["guides/advanced/webhooks"]);
  writeSite(largeSite, generatedSite(5000).documents, []);
  server = await serveFolder(smallSite, "/docs/");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(workDirectory, { recursive: true, force: true });
});

async function open(
  origin: string,
  page: string,
): Promise<{ tab: Page; foreign: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const tab = await context.newPage();
  const foreign = recordForeignRequests(
    tab,
    origin.startsWith("file:") ? "file" : new URL(origin).origin,
  );
  const errors: string[] = [];
  tab.on("pageerror", (error) => errors.push(error.message));
  await tab.goto(origin + page);
  return {
    tab,
    foreign,
    close: async () => {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

const origins = { http: () => server.url, file: () => `${pathToFileURL(smallSite).href}/` };

for (const kind of ["http", "file"] as const) {
  describe(`the search dialog over ${kind}`, () => {
    it("opens with /, shows title, section and highlighted excerpt, moves with the arrows and jumps to the heading with Enter", async () => {
      const { tab, foreign, close } = await open(origins[kind](), "guides/advanced/webhooks.html");
      await tab.keyboard.press("/");
      const dialog = tab.getByRole("dialog", { name: "Search the documentation" });
      await expect(dialog.isVisible()).resolves.toBe(true);
      await expect(dialog.getAttribute("aria-modal")).resolves.toBe("true");
      const input = dialog.getByRole("combobox");
      await expect(tab.evaluate(() => document.activeElement?.getAttribute("role"))).resolves.toBe(
        "combobox",
      );

      // Typed key by key: each pause may show the results for the letters so far.
      await input.pressSequentially("retr");
      const options = dialog.getByRole("option");
      await expect
        .poll(() => options.first().locator(".search-result-title").innerHTML())
        .toBe("<mark>Retries</mark>");
      await expect(
        options.first().locator(".search-result-breadcrumb").textContent(),
      ).resolves.toBe("Guides › Reliability");
      await expect(options.nth(1).locator(".search-result-section").textContent()).resolves.toBe(
        "Back-off",
      );
      await expect(dialog.locator(".search-status").textContent()).resolves.toMatch(
        /^\d+ results$/,
      );

      await input.fill("daylight sav");
      await tab.locator(".search-result-section", { hasText: "Time zones" }).waitFor();
      await input.fill("fixed interv");
      const intervals = options.filter({ hasText: "Intervals" });
      await intervals.waitFor();
      await expect(intervals.locator(".search-result-title").textContent()).resolves.toBe(
        "Schedules",
      );
      await expect(
        intervals.locator(".search-result-excerpt mark").allTextContents(),
      ).resolves.toEqual(["fixed", "interval"]);

      await input.fill("time");
      await options.nth(2).waitFor();
      await expect(options.nth(0).getAttribute("aria-selected")).resolves.toBe("true");
      await tab.keyboard.press("ArrowDown");
      await tab.keyboard.press("ArrowDown");
      await expect(options.nth(2).getAttribute("aria-selected")).resolves.toBe("true");
      await expect(input.getAttribute("aria-activedescendant")).resolves.toBe(
        await options.nth(2).getAttribute("id"),
      );
      await tab.keyboard.press("ArrowUp");
      await expect(options.nth(1).getAttribute("aria-selected")).resolves.toBe("true");

      await input.fill("fixed interv");
      await intervals.waitFor();
      await tab.waitForFunction(() =>
        document.querySelector(".search-results li")?.textContent?.includes("Intervals"),
      );
      await tab.keyboard.press("Enter");
      await tab.waitForURL(/guides\/schedules\.html#intervals$/);
      await tab.waitForFunction(() => {
        const top = document.getElementById("intervals")?.getBoundingClientRect().top ?? -1000;
        return Math.abs(top) < 50 && window.scrollY > 0;
      });
      expect(foreign).toEqual([]);
      await close();
    });

    it("opens with Ctrl+K and the top bar button, traps Tab inside, and closes with Escape, giving focus back", async () => {
      const { tab, close } = await open(origins[kind](), "index.html");
      const button = tab.locator("[data-quire-search-open]");
      await button.click();
      const dialog = tab.getByRole("dialog");
      await expect(dialog.isVisible()).resolves.toBe(true);
      for (let step = 0; step < 5; step++) {
        await tab.keyboard.press("Tab");
        await expect(
          tab.evaluate(() => Boolean(document.activeElement?.closest("dialog"))),
        ).resolves.toBe(true);
      }
      await tab.keyboard.press("Shift+Tab");
      await tab.keyboard.press("Shift+Tab");
      await expect(
        tab.evaluate(() => Boolean(document.activeElement?.closest("dialog"))),
      ).resolves.toBe(true);
      await tab.keyboard.press("Escape");
      await expect(dialog.isVisible()).resolves.toBe(false);
      await expect(
        tab.evaluate(() => document.activeElement?.hasAttribute("data-quire-search-open")),
      ).resolves.toBe(true);

      await tab.locator("main h1").click();
      await tab.keyboard.press("Control+k");
      await expect(dialog.isVisible()).resolves.toBe(true);
      await dialog.getByRole("combobox").fill("kubernetes");
      await expect(
        tab.locator(".search-status", { hasText: "No results for “kubernetes”" }).waitFor(),
      ).resolves.toBeUndefined();
      await tab.keyboard.press("Escape");

      // A slash typed into a text field of the page is text, not a shortcut.
      await tab.locator("#feedback").fill("");
      await tab.locator("#feedback").press("/");
      await expect(dialog.isVisible()).resolves.toBe(false);
      await expect(tab.locator("#feedback").inputValue()).resolves.toBe("/");
      await close();
    });
  });
}

describe("the search dialog on a 5,000-page site opened from disk", () => {
  it("answers a first query by loading only a few hundred kilobytes of the index", async () => {
    const documents = generatedSite(5000).documents;
    const first = documents[0] as SearchDocument;
    const { tab, foreign, close } = await open(
      `${pathToFileURL(largeSite).href}/`,
      `${first.path}.html`,
    );
    const loaded: string[] = [];
    tab.on("requestfinished", (request) => {
      if (request.url().includes("/_quire/search/"))
        loaded.push(fileURLToPath(request.url().replace(/\?.*$/, "")));
    });
    await tab.keyboard.press("Control+k");
    const word = first.title.split(" ")[1] as string;
    await tab.getByRole("combobox").fill(word);
    await tab.getByRole("option").nth(9).waitFor();
    await expect(
      tab.getByRole("option").first().locator(".search-result-title mark").first().textContent(),
    ).resolves.toMatch(new RegExp(word, "i"));
    const bytes = loaded.reduce((total, file) => total + statSync(file).size, 0);
    expect(loaded.length).toBeGreaterThan(2);
    expect(bytes).toBeLessThanOrEqual(500 * 1024);
    expect(foreign).toEqual([]);
    await close();
  });
});

describe("the search dialog after a new export replaced a cached index", () => {
  it("shows Loading… while the index loads, and reloads a stale manifest instead of failing", async () => {
    const stale = buildSearchIndex(generatedSite(300, 7).documents).files[0]?.content as string;
    const current = new Map(
      buildSearchIndex(generatedSite(300).documents).files.map((file) => [
        `/${file.path}`,
        file.content,
      ]),
    );
    const largePages = generatedSite(300).documents;
    const page = pageHtml(largePages[0]?.path as string, largePages[0]);
    const client = readFileSync(path.join(largeSite, "_quire/client.js"), "utf8");
    // The manifest a browser cache still holds names shards of the previous export, gone now.
    const host = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const body =
        url.pathname === `/${SEARCH_ENTRY}` && !url.search
          ? stale
          : url.pathname === "/_quire/client.js"
            ? client
            : url.pathname === "/page.html"
              ? page.replaceAll('data-root="../../"', 'data-root=""')
              : current.get(url.pathname);
      if (body === undefined) return void response.writeHead(404).end();
      // Index files come slowly, so the reader sees the dialog say it is loading.
      const type = url.pathname.endsWith(".html")
        ? "text/html; charset=utf-8"
        : "text/javascript; charset=utf-8";
      setTimeout(
        () => response.writeHead(200, { "content-type": type }).end(body),
        url.pathname.startsWith("/_quire/search/t-") ? 400 : 0,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
    try {
      const { tab, close } = await open(origin, "page.html");
      await tab.keyboard.press("Control+k");
      await tab.getByRole("combobox").fill("ka");
      await tab.locator(".search-status", { hasText: "Loading…" }).waitFor();
      await tab.getByRole("option").first().waitFor({ timeout: 30_000 });
      await expect(tab.locator(".search-status").textContent()).resolves.toMatch(/results?$/);
      await close();
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
