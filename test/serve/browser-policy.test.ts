import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { INERT_DOCUMENT_POLICY } from "../../src/serve/content-security-policy.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * What `quire serve`'s Content-Security-Policy does in a real browser: a real `quire serve`
 * process serves a hand-made bundle whose manifest lists the hashes of Quire's own inline
 * scripts, and whose pages also hold what a docs repository might smuggle in (an inline
 * script, event handlers, a `javascript:` link, an SVG and an XML document with scripts).
 * Each hostile file is first shown to run under a plain static server, so a quiet browser
 * under quire serve means the policy stopped it.
 */
const BIN = path.resolve("bin/quire.js");

const children: ChildProcess[] = [];
const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const close of closers.splice(0)) await close();
});

const hashOf = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/** Quire's own inline scripts, as the exporter writes them and lists them in the manifest. */
const BOOT = 'document.documentElement.dataset.boot = "ran";';
/** Written with CR LF: the browser hashes it with LF, and so must the policy. */
const CRLF_SCRIPT = '\r\ndocument.documentElement.dataset.crlf = "ran";\r\n';
const NOT_FOUND = 'document.documentElement.dataset.notFound = "ran";';

/** A script server on its own port: its origin is another than the site's. */
async function scriptOrigin(name: string): Promise<string> {
  const server = createServer((_request, response) => {
    response
      .writeHead(200, { "content-type": "text/javascript" })
      .end(`document.documentElement.dataset.${name} = "ran";`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The bundle's folder and its archive, made with the system's tar as an operator would. */
function makeBundle(listedOrigin: string, unlistedOrigin: string): { site: string; file: string } {
  const site = makeTempDir();
  writeFileSync(
    path.join(site, "quire-export.json"),
    JSON.stringify({
      formatVersion: 1,
      jobId: null,
      domain: null,
      version: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      pageCount: 1,
      generator: "test",
      scriptHashes: [hashOf(BOOT), hashOf(CRLF_SCRIPT.replaceAll("\r\n", "\n")), hashOf(NOT_FOUND)],
      scriptOrigins: [listedOrigin],
    }),
  );
  writeFileSync(
    path.join(site, "index.html"),
    `<!doctype html>
<html><head><meta charset="utf-8"><title>Home</title>
<script>${BOOT}</script>
<script>${CRLF_SCRIPT}</script>
<script src="${listedOrigin}/listed.js"></script>
<script src="${unlistedOrigin}/unlisted.js"></script>
</head><body>
<h1>Home</h1>
<p>What a repository smuggled into the page:</p>
<script>document.documentElement.dataset.injected = "ran"; alert("injected script");</script>
<img src="missing.png" alt="" onerror="document.documentElement.dataset.handler = 'ran'; alert('injected onerror')">
<p id="clickable" onclick="alert('injected onclick')">Click me</p>
<a id="link" href="javascript:alert('injected javascript: link')">A link</a>
<img id="logo" src="logo.svg" alt="logo">
</body></html>
`,
  );
  writeFileSync(
    path.join(site, "404.html"),
    `<!doctype html>
<html><head><meta charset="utf-8"><title>Not found</title>
<script>${NOT_FOUND}</script>
</head><body><h1>Not found</h1>
<script>alert("injected into the 404 page")</script>
</body></html>
`,
  );
  writeFileSync(
    path.join(site, "logo.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert('svg onload')">
<script>alert("svg script"); fetch("/svg-script-ran");</script>
<circle cx="20" cy="20" r="18" fill="teal"/>
</svg>
`,
  );
  writeFileSync(
    path.join(site, "feed.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><body>
<script>alert("xml script"); fetch("/xml-script-ran");</script>
</body></html>
`,
  );
  const file = path.join(makeTempDir(), "bundle.tar.gz");
  execFileSync("tar", ["-czf", file, "-C", site, "."]);
  return { site, file };
}

/** `quire serve` of the bundle at `file`, downloaded from a local link, once it serves it. */
async function quireServe(file: string): Promise<{ base: string; output: () => string }> {
  const link = createServer((_request, response) => {
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  servers.push(link);
  await new Promise<void>((resolve) => link.listen(0, "127.0.0.1", resolve));
  const values = path.join(makeTempDir(), "values.yaml");
  writeFileSync(
    values,
    `staticExport:\n  enabled: true\n  bundleUrl: "http://127.0.0.1:${(link.address() as AddressInfo).port}/b.tar.gz"\n`,
  );
  const child = spawn(
    process.execPath,
    [
      BIN,
      "serve",
      "--values",
      values,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--data-dir",
      makeTempDir(),
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, QUIRE_LOG_LEVEL: "warn" } },
  );
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  for (let attempt = 0; attempt < 400; attempt++) {
    const base = /Quire serve listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (base && /Serving version/.test(output)) return { base, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`quire serve did not start serving:\n${output}`);
}

interface Observed {
  page: Page;
  dialogs: string[];
  violations: string[];
  requests: string[];
}

/** A new page that records dialogs (dismissed), CSP refusals in its console, and requests. */
async function observedPage(): Promise<Observed> {
  const context = await browser.newContext();
  closers.push(() => context.close());
  const page = await context.newPage();
  const observed: Observed = { page, dialogs: [], violations: [], requests: [] };
  page.on("dialog", (dialog) => {
    observed.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) observed.violations.push(message.text());
  });
  page.on("request", (request) => observed.requests.push(new URL(request.url()).pathname));
  return observed;
}

/** Opens a page, clicks what invites a click, and gives late scripts a moment. */
async function visit(observed: Observed, url: string): Promise<number | undefined> {
  const response = await observed.page.goto(url);
  if (await observed.page.locator("#clickable").count()) {
    await observed.page.click("#clickable");
    await observed.page.click("#link");
  }
  await observed.page.waitForTimeout(300);
  return response?.status();
}

const dataset = (page: Page) => page.evaluate(() => ({ ...document.documentElement.dataset }));

describe("quire serve's Content-Security-Policy in Chromium", () => {
  it("runs Quire's listed inline scripts and listed script origins, and nothing a repository smuggled in", async () => {
    const listed = await scriptOrigin("listedOrigin");
    const unlisted = await scriptOrigin("unlistedOrigin");
    const bundle = makeBundle(listed, unlisted);

    // The control: a plain static server runs every hostile script of the page.
    const plain = await serveFolder(bundle.site);
    closers.push(plain.close);
    const control = await observedPage();
    await visit(control, plain.url);
    expect(control.dialogs).toEqual(
      expect.arrayContaining(["injected script", "injected onerror", "injected onclick"]),
    );

    const { base, output } = await quireServe(bundle.file);
    expect(output()).not.toContain("warning");
    const home = await observedPage();
    expect(await visit(home, `${base}/`)).toBe(200);
    expect(await dataset(home.page)).toEqual({ boot: "ran", crlf: "ran", listedOrigin: "ran" });
    expect(home.dialogs).toEqual([]);
    // Each hostile script was refused by the policy, not skipped for another reason.
    const refused = home.violations.join("\n");
    // (Chromium's wording varies by version: "Refused to execute inline script", "Executing
    // inline script violates…".)
    expect(refused).toMatch(/inline script/);
    expect(refused).toMatch(/inline event handler/);
    expect(refused).toMatch(/JavaScript URL/);
    expect(refused).toContain(`${unlisted}/unlisted.js`);
    // The SVG still shows as an image of the page.
    expect(
      await home.page.evaluate(
        () => (document.getElementById("logo") as HTMLImageElement).naturalWidth,
      ),
    ).toBe(40);

    // The site's 404 page: its own script runs, what was injected into it does not.
    const missing = await observedPage();
    expect(await visit(missing, `${base}/no/such/page`)).toBe(404);
    expect(await dataset(missing.page)).toEqual({ notFound: "ran" });
    expect(missing.dialogs).toEqual([]);
    expect(missing.violations.join("\n")).toMatch(/inline script/);
  }, 120_000);

  it("blocks every inline script of a bundle that lists none, and says so when it installs it", async () => {
    const site = makeTempDir();
    writeFileSync(
      path.join(site, "quire-export.json"),
      JSON.stringify({ formatVersion: 1, pageCount: 1, generator: "an older Quire" }),
    );
    writeFileSync(
      path.join(site, "index.html"),
      `<!doctype html><html><head><script>${BOOT}</script></head><body><h1>Home</h1></body></html>`,
    );
    const file = path.join(makeTempDir(), "bundle.tar.gz");
    execFileSync("tar", ["-czf", file, "-C", site, "."]);
    const { base, output } = await quireServe(file);
    expect(output()).toMatch(
      /quire serve: warning: version [0-9a-f]{16} lists no inline scripts \(scriptHashes in quire-export\.json\), so its pages' inline scripts are blocked/,
    );
    const home = await observedPage();
    expect(await visit(home, `${base}/`)).toBe(200);
    expect(await dataset(home.page)).toEqual({});
    expect(home.violations.join("\n")).toMatch(/inline script/);
  }, 120_000);

  it("opens an SVG or XML file with scripts as an inert document: nothing runs", async () => {
    const bundle = makeBundle("http://127.0.0.1:9", "http://127.0.0.1:10");
    const plain = await serveFolder(bundle.site);
    closers.push(plain.close);
    for (const name of ["logo.svg", "feed.xml"]) {
      const control = await observedPage();
      await visit(control, `${plain.url}${name}`);
      expect(control.dialogs.length, `${name} runs script on a plain server`).toBeGreaterThan(0);
    }

    const { base } = await quireServe(bundle.file);
    for (const name of ["logo.svg", "feed.xml"]) {
      const opened = await observedPage();
      const response = await opened.page.goto(`${base}/${name}`);
      expect(response?.headers()["content-security-policy"], name).toBe(INERT_DOCUMENT_POLICY);
      await opened.page.waitForTimeout(300);
      expect(opened.dialogs, name).toEqual([]);
      expect(
        opened.requests.filter((request) => request.endsWith("-script-ran")),
        name,
      ).toEqual([]);
    }
  }, 120_000);
});
