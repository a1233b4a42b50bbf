import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/**
 * How long a page may take to load or an element to show before a browser test fails:
 * Playwright's own 30 s was exceeded by a `file://` page on a shared 2-core machine running at
 * a third of its usual pace, with the rest of the suite beside it. A wait that ends early costs
 * nothing; this only decides how long a real hang takes to be reported.
 */
const BROWSER_WAIT_MS = 90_000;

/** Debian's Chromium, launched the way every browser test here launches it. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // Every page comes from a context (`browser.newPage()` makes one through `newContext`).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_MS);
    return context;
  };
  return browser;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
};

/** A plain static file server on 127.0.0.1, like any static host; serves 404.html for unknown paths. */
export async function serveFolder(
  root: string,
  prefix = "/",
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    let relative = decodeURIComponent(url.pathname);
    if (!relative.startsWith(prefix)) {
      response.writeHead(404).end();
      return;
    }
    relative = relative.slice(prefix.length);
    let file = path.join(root, relative);
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
    const found = existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(root, "404.html");
    response.writeHead(found ? 200 : 404, {
      "content-type": TYPES[path.extname(served)] ?? "application/octet-stream",
    });
    // A request can come after its test removed the folder (a browser still loading a page):
    // that request fails, not the test run with an uncaught error.
    createReadStream(served)
      .on("error", () => response.destroy())
      .pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    // A browser keeps its connections open: close them, or close() waits for them.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Records every request a page makes to a host other than `allowedOrigin` (or, for
 * file:// pages, any non-file request), so a test can assert there are none.
 */
export function recordForeignRequests(page: Page, allowedOrigin: string | "file"): string[] {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:") || url === "about:blank") return;
    if (allowedOrigin === "file" ? !url.startsWith("file://") : !url.startsWith(allowedOrigin))
      foreign.push(url);
  });
  return foreign;
}
