import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { type RepoEntry, writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * The bilingual site with what the page's end and body show in the reader's language: the
 * last-modified date (a fixed one), a callout, and the feedback widget (see the export below).
 */
const WITH_READER_PARTS: Record<string, RepoEntry> = {
  ...BILINGUAL_SITE,
  "docs.json": JSON.stringify({
    ...JSON.parse(BILINGUAL_SITE["docs.json"] as string),
    metadata: { timestamp: true },
  }),
  "quickstart.mdx":
    "---\ntitle: Quickstart\nlastUpdatedDate: 2025-05-06\n---\n\nInstall the scheduler. The zephyr option is on.\n\n<Note>Node 22 or later.</Note>\n\n## Install\n\n```bash\nnpm install lumen\n```\n",
  "fr/quickstart.mdx":
    '---\ntitle: Démarrage rapide\nlastUpdatedDate: 2025-05-06\n---\n\nInstallez le planificateur. L\'option zephyr est active.\n\n<Note>Node 22 ou plus récent.</Note>\n\n<Update label="Version 2" tags={["API"]}>Nouveau.</Update>\n\n## Installation\n\n```bash\nnpm install lumen\n```\n',
};

let browser: Browser;
let root: string;
let siteDir: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  // Made by hand, not with makeRepo: the site must live for the whole file, not one test.
  root = path.join(os.tmpdir(), `quire-languages-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), WITH_READER_PARTS);
  siteDir = path.join(root, "site");
  await exportSite({
    sourceDir: path.join(root, "source"),
    outputDir: siteDir,
    concurrency: 0,
    // The feedback widget shows only with a collector; nothing is sent in these tests.
    feedbackUrl: "https://feedback.invalid/collect",
  });
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

    it("shows a French page's menu, feedback, callout label, copy button and date in French, an English page's in English", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      const readerParts = async (page: string) => {
        await tab.goto(`${origins[kind]()}${page}`);
        // The widget is shown by the client script once it runs.
        await tab.locator(".page-feedback").waitFor({ state: "visible" });
        await tab.locator("#page-context-menu summary").click();
        return {
          menu: await tab.locator(".context-menu-list .context-menu-title").allTextContents(),
          menuLabel: await tab.locator(".context-menu-list").getAttribute("aria-label"),
          feedback: await tab.locator(".feedback-question").textContent(),
          answers: await tab.locator(".feedback-button span").allTextContents(),
          callout: await tab.locator(".callout-note").getAttribute("aria-label"),
          copy: await tab.locator("button.copy-code").first().textContent(),
          copyLabel: await tab.locator("button.copy-code").first().getAttribute("aria-label"),
          lastModified: await tab.locator(".last-modified").textContent(),
        };
      };
      expect(await readerParts("fr/quickstart.html")).toEqual({
        menu: ["Copier la page", "Afficher en Markdown"],
        menuLabel: "Actions de la page",
        feedback: "Cette page vous a-t-elle été utile ?",
        answers: ["Oui", "Non"],
        callout: "Remarque",
        copy: "Copier",
        copyLabel: "Copier le code",
        lastModified: "Dernière modification le 6 mai 2025",
      });
      // A string the client script writes itself: the changelog's tag filter.
      await tab.goto(`${origins[kind]()}fr/quickstart.html`);
      await expect(tab.locator(".update-filter").getAttribute("aria-label")).resolves.toBe(
        "Filtrer les mises à jour par étiquette",
      );
      expect(await readerParts("quickstart.html")).toEqual({
        menu: ["Copy page", "View as Markdown"],
        menuLabel: "Page actions",
        feedback: "Was this page helpful?",
        answers: ["Yes", "No"],
        callout: "Note",
        copy: "Copy",
        copyLabel: "Copy code",
        lastModified: "Last modified on May 6, 2025",
      });
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
