import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { ApiProxy } from "../../src/serve/api-proxy.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { launchBrowser } from "../helpers/browser.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
}

/** An API that allows no cross-origin calls (no CORS headers): a browser alone cannot read it. */
async function startApi(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
      });
      response
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ id: "tsk_proxied", status: "open" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const CREATE = "api-reference/tasks/create-a-task.html";
const LIST = "api-reference/tasks/list-tasks.html";

describe("API reference pages laid out as Mintlify's, served by quire serve", () => {
  let browser: Browser;
  let api: Awaited<ReturnType<typeof startApi>>;
  let other: Awaited<ReturnType<typeof startApi>>;
  let site: string;
  let server: Server;
  let work: string;

  beforeAll(async () => {
    [browser, api, other] = await Promise.all([launchBrowser(), startApi(), startApi()]);
    // The sample, its specification's servers pointing at the local API.
    // Folders of this block's own: per-test temporary folders go after each test.
    work = mkdtempSync(path.join(os.tmpdir(), "quire-api-layout-"));
    const source = path.join(work, "docs");
    cpSync(path.resolve("examples/api-docs"), source, { recursive: true });
    const spec = readFileSync(path.join(source, "openapi.yaml"), "utf8")
      .replace("https://{region}.api.lumen-tasks.example/v2", `${api.url}/v2`)
      .replace("https://sandbox.lumen-tasks.example/v2", `${api.url}/sandbox`);
    writeFileSync(path.join(source, "openapi.yaml"), spec);
    // Exported straight into a version of quire serve's data folder, made the active one.
    const versions = new VersionStore(path.join(work, "serve"));
    const directory = versions.directoryOf("v1");
    await exportSite({
      sourceDir: source,
      outputDir: sitePath(directory),
      paths: ["api-reference/tasks/"],
    });
    precompress(sitePath(directory), compressedPath(directory));
    versions.activate("v1", 3);
    server = createStaticServer({
      versions,
      logger: pino({ level: "silent" }),
      // The operator allows the loopback API: the proxy refuses private addresses otherwise.
      apiProxy: new ApiProxy({ allowHosts: ["127.0.0.1"] }),
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await api?.close();
    await other?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function open(file: string, width: number, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${site}${file}`);
    return page;
  }

  async function box(page: Page, selector: string) {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not shown`);
    return found;
  }

  it("shows the examples in a column right of the content at 1280 px, and keeps its top in view while the page scrolls", async () => {
    const page = await open(CREATE, 1280);
    const content = await box(page, "#content");
    const bar = await box(page, ".api-endpoint");
    const aside = await box(page, "#content-side-layout");
    expect(aside.x).toBeGreaterThanOrEqual(content.x + content.width);
    expect(aside.x + aside.width).toBeLessThanOrEqual(1280);
    expect(aside.width).toBeGreaterThan(300);
    expect(content.width).toBeGreaterThan(400);
    // Side by side: the examples start level with the page's top, not below the reference.
    expect(aside.y).toBeLessThan(bar.y + bar.height);
    expect(await page.locator(".toc-layout").count()).toBe(0);
    // The request example's Copy button shows, in the language selector's row.
    const copy = await box(page, ".request-example .tab-panel.active .copy-code");
    const selector = await box(page, ".request-example .tab-select");
    expect(copy.y).toBeLessThan(selector.y + selector.height);
    expect(copy.x).toBeGreaterThan(selector.x + selector.width);
    expect(copy.x + copy.width).toBeLessThanOrEqual(aside.x + aside.width);
    // Not clipped by its block: what the reader clicks there is the button.
    const clicked = await page.evaluate(
      ([x, y]) =>
        document.elementFromPoint(x as number, y as number)?.closest(".copy-code") !== null,
      [copy.x + copy.width / 2, copy.y + copy.height / 2],
    );
    expect(clicked).toBe(true);
    // "Try it" sits in the endpoint bar.
    const tryIt = await box(page, ".api-endpoint .api-playground-try-it");
    expect(tryIt.x + tryIt.width).toBeLessThanOrEqual(bar.x + bar.width);

    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const scrolledContent = await box(page, "#content");
    const scrolledAside = await box(page, "#content-side-layout");
    expect(scrolledContent.y).toBeLessThan(0);
    expect(scrolledAside.y).toBeGreaterThan(0);
    expect(scrolledAside.y).toBeLessThan(200);
    await page.context().close();
  });

  it("reads as one column on a 390 px phone: endpoint bar, then the examples, then the reference", async () => {
    const page = await open(CREATE, 390, 844);
    const content = await box(page, "#content");
    const bar = await box(page, ".api-endpoint");
    const aside = await box(page, "#content-side-layout");
    expect(Math.abs(aside.x - content.x)).toBeLessThan(2);
    expect(Math.abs(aside.width - content.width)).toBeLessThan(2);
    expect(aside.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(content.y).toBeGreaterThanOrEqual(aside.y + aside.height);
    expect(aside.x + aside.width).toBeLessThanOrEqual(390);
    // "Try it" stays on screen however long the path.
    const tryIt = await box(page, ".api-playground-try-it");
    expect(tryIt.x + tryIt.width).toBeLessThanOrEqual(390);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("remembers the language the reader chose for request examples on the next page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site}${CREATE}`);
    const language = page.getByRole("combobox", { name: "Language" });
    expect(await language.locator("option:checked").textContent()).toBe("Ruby SDK");
    await language.selectOption({ label: "Python" });
    expect(
      await page.locator(".request-example .tab-panel.active").getAttribute("data-tab-title"),
    ).toBe("Python");

    await page.goto(`${site}${LIST}`);
    const next = page.getByRole("combobox", { name: "Language" });
    expect(await next.locator("option:checked").textContent()).toBe("Python");
    const shown = page.locator(".request-example .tab-panel.active");
    expect(await shown.getAttribute("data-tab-title")).toBe("Python");
    expect(await shown.textContent()).toContain("import requests");
    await context.close();
  });

  it("sends Try it through quire serve's proxy to an API the browser could not call itself", async () => {
    const page = await open(CREATE, 1280);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).origin));
    await page.getByRole("button", { name: "Try it" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Bearer token").fill("tok-proxy");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.locator(".api-playground-status .api-status").waitFor();

    expect(await dialog.locator(".api-playground-status .api-status").textContent()).toContain(
      "201",
    );
    expect(await dialog.locator(".api-playground-response-body").textContent()).toContain(
      "tsk_proxied",
    );
    expect(await dialog.locator(".api-playground-url").textContent()).toContain(
      "sent through this site's proxy",
    );
    const sent = api.received.find((request) => request.method === "POST");
    expect(sent?.url).toBe("/v2/projects/prj_42/tasks");
    expect(sent?.headers.authorization).toBe("Bearer tok-proxy");
    // The page itself talked to its own server only.
    expect([...hosts]).toEqual([new URL(site).origin]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("gets the proxy's refusal, and sends nothing, for a base URL that is not one of the specification's servers", async () => {
    const page = await open(CREATE, 1280);
    await page.getByRole("button", { name: "Try it" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Base URL", { exact: true }).selectOption({ label: "Other base URL…" });
    await dialog.getByLabel("Other base URL").fill(`${other.url}/v2`);
    await dialog.getByRole("button", { name: "Send" }).click();
    const status = dialog.locator(".api-playground-status");
    await status.filter({ hasText: "proxy" }).waitFor();
    expect(await status.textContent()).toBe(
      `The site's proxy did not send the request: ${other.url} is not one of the servers of this site's API specifications; the proxy sends nowhere else`,
    );
    expect(other.received).toEqual([]);
    await page.context().close();
  });
});
