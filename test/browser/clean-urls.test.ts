import { createReadStream, existsSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * A static server as plain as nginx's or S3's defaults: a path is a file or nothing (no `.html`
 * added), a folder without its final slash is redirected to it, a folder serves its index.html.
 */
async function servePlainly(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, pathname);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!pathname.endsWith("/"))
        return void response.writeHead(301, { location: `${pathname}/` }).end();
      return send(path.join(file, "index.html"));
    }
    send(file);
    function send(target: string): void {
      if (!existsSync(target) || !statSync(target).isFile())
        return void response.writeHead(404).end("not found");
      const type = target.endsWith(".html")
        ? "text/html; charset=utf-8"
        : target.endsWith(".css")
          ? "text/css"
          : target.endsWith(".js")
            ? "text/javascript"
            : "application/octet-stream";
      response.writeHead(200, { "content-type": type });
      // Removed between the check and the read (its test ended): that request fails, nothing else.
      createReadStream(target)
        .on("error", () => response.destroy())
        .pipe(response);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let browser: Browser;
let root: string;
const sites: Record<
  "clean" | "html",
  { dir: string; server: Awaited<ReturnType<typeof servePlainly>> }
> = {} as never;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-clean-urls-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), BILINGUAL_SITE);
  for (const form of ["clean", "html"] as const) {
    const dir = path.join(root, form);
    await exportSite({
      sourceDir: path.join(root, "source"),
      outputDir: dir,
      concurrency: 0,
      cleanUrls: form === "clean",
    });
    sites[form] = { dir, server: await servePlainly(dir) };
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const site of Object.values(sites)) await site?.server.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("clean URLs on a static host that adds no extension", () => {
  it("answers /quickstart with the page, where the .html form answers 404", async () => {
    const clean = await fetch(`${sites.clean.server.url}quickstart`);
    expect(clean.status).toBe(200);
    expect(clean.url).toBe(`${sites.clean.server.url}quickstart/`);
    await expect(clean.text()).resolves.toContain(
      '<h1 id="page-title" class="page-title">Quickstart',
    );
    const html = await fetch(`${sites.html.server.url}quickstart`);
    expect(html.status).toBe(404);
  });

  it("loads the page's styles and follows its links, switcher and search results", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const failed: string[] = [];
    tab.on("response", (response) => {
      if (response.status() >= 400) failed.push(response.url());
    });
    await tab.goto(`${sites.clean.server.url}fr/quickstart`);
    const styled = await tab.evaluate(() =>
      [...document.styleSheets].some(
        (sheet) => sheet.href?.includes("/_quire/quire.") && sheet.cssRules.length > 0,
      ),
    );
    expect(styled).toBe(true);
    await tab.locator(".pager-next").click();
    await tab.waitForURL(/\/fr\/webhooks\/index\.html$/);
    await tab.locator("#localization-select-trigger").click();
    await tab.locator("details.switcher-language a", { hasText: "English" }).click();
    await tab.waitForURL(/\/webhooks\/index\.html$/);
    expect(new URL(tab.url()).pathname).toBe("/webhooks/index.html");
    await tab.keyboard.press("Control+k");
    await tab.locator("dialog.search-dialog input").fill("zephyr");
    await tab.locator(".search-results li").first().waitFor();
    await tab.keyboard.press("Enter");
    await tab.waitForURL(/\/quickstart\/index\.html$/);
    await expect(tab.locator("h1.page-title").textContent()).resolves.toBe("Quickstart");
    expect(failed).toEqual([]);
    await context.close();
  });
});

describe("clean URLs opened from disk", () => {
  it("moves between pages and finds pages with search, with no server", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    await tab.goto(`${pathToFileURL(sites.clean.dir).href}/fr/quickstart/index.html`);
    await expect(tab.locator("#toc-title").textContent()).resolves.toBe("Sur cette page");
    await tab.locator(".sidebar a", { hasText: "Webhooks" }).click();
    await tab.waitForURL(/\/fr\/webhooks\/index\.html$/);
    await tab.keyboard.press("Control+k");
    await tab.locator("dialog.search-dialog input").fill("zephyr");
    await tab.locator(".search-results li").first().waitFor();
    await tab.keyboard.press("Enter");
    await tab.waitForURL(/\/fr\/quickstart\/index\.html$/);
    await expect(tab.locator("h1.page-title").textContent()).resolves.toBe("Démarrage rapide");
    await context.close();
  });
});
