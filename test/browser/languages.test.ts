import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

let browser: Browser;
let root: string;
let siteDir: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  // Made by hand, not with makeRepo: the site must live for the whole file, not one test.
  root = path.join(os.tmpdir(), `quire-languages-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), BILINGUAL_SITE);
  siteDir = path.join(root, "site");
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: siteDir, concurrency: 0 });
  server = await serveFolder(siteDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const origins = {
  http: () => server.url,
  file: () => `${pathToFileURL(siteDir).href}/`,
};

for (const kind of ["http", "file"] as const) {
  describe(`a site in several languages, over ${kind}`, () => {
    it("shows a French page's interface in French, the client script's strings included", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      await tab.goto(`${origins[kind]()}fr/quickstart.html`);
      await expect(tab.locator("#toc-title").textContent()).resolves.toBe("Sur cette page");
      await expect(tab.locator(".pager-next small").textContent()).resolves.toBe("Suivant");
      await expect(tab.locator(".search-prompt").textContent()).resolves.toBe("Rechercher…");
      await expect(tab.locator("button.copy-code").first().textContent()).resolves.toBe("Copier");
      await tab.keyboard.press("Control+k");
      const input = tab.locator("dialog.search-dialog input");
      await expect(input.getAttribute("placeholder")).resolves.toBe(
        "Rechercher dans la documentation",
      );
      await input.fill("introuvablexyz");
      await expect
        .poll(() => tab.locator(".search-status").textContent())
        .toBe("Aucun résultat pour « introuvablexyz »");
      await context.close();
    });

    it("keeps the reader on the same page when switching language", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      await tab.goto(`${origins[kind]()}fr/webhooks.html`);
      await tab.locator("#localization-select-trigger").click();
      await tab.locator("details.switcher-language a", { hasText: "English" }).click();
      await tab.waitForURL(/\/webhooks\.html$/);
      expect(new URL(tab.url()).pathname).not.toContain("/fr/");
      await expect(tab.locator("h1.page-title").textContent()).resolves.toBe("Webhooks");
      await expect(tab.locator("html").getAttribute("lang")).resolves.toBe("en");
      await context.close();
    });

    it("finds only French pages from a French page, and only English ones from an English page", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      const results = async (page: string): Promise<string[]> => {
        await tab.goto(`${origins[kind]()}${page}`);
        await tab.keyboard.press("Control+k");
        await tab.locator("dialog.search-dialog input").fill("zephyr");
        await tab.locator(".search-results li").first().waitFor();
        return tab
          .locator(".search-results li a")
          .evaluateAll((links) =>
            links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
          );
      };
      const french = await results("fr/index.html");
      expect(french.length).toBeGreaterThan(0);
      expect(french.every((pathname) => pathname.endsWith("/fr/quickstart.html"))).toBe(true);
      const english = await results("index.html");
      expect(english.length).toBeGreaterThan(0);
      expect(
        english.every(
          (pathname) => /\/quickstart\.html$/.test(pathname) && !/\/(fr|es)\//.test(pathname),
        ),
      ).toBe(true);
      await context.close();
    });
  });
}
