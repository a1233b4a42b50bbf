import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import type { DeploymentType } from "../../src/exporter/index.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { makeTempDir, writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * The page menu, the feedback thumbs and the edit links in a real browser: the menu's options
 * per deployment type over HTTP and from disk, and feedback posted to a real `quire serve`,
 * counted there and printed by `quire feedback`.
 */
const BIN = path.resolve("bin/quire.js");
const run = promisify(execFile);

let browser: Browser;
let root: string;
const closers: (() => Promise<void>)[] = [];
const children: ChildProcess[] = [];

const SOURCE = {
  "docs.json": JSON.stringify({
    name: "Reader",
    colors: { primary: "#2563eb" },
    contextual: { options: ["copy", "view", "chatgpt", "claude"] },
    navigation: { pages: ["index", "guides/setup", "changelog", "diagrams"] },
  }),
  "diagrams.mdx":
    '---\ntitle: Diagrams\n---\n\n```mermaid placement="top-left"\nflowchart TD\n  A --> B\n  B --> C\n  C --> D\n```\n\n```mermaid actions={false}\nflowchart TD\n  E --> F\n  F --> G\n  G --> H\n```\n',
  "changelog.mdx": `---
title: Changelog
---

<Update label="March" tags={["Spearmint", "Wintergreen"]}>Mint and green.</Update>

<Update label="February" tags={["Spearmint"]}>Only mint.</Update>

<Update label="January" tags={["Peppermint"]}>Pepper.</Update>

<Update label="December">No tags.</Update>
`,
  "index.mdx": "---\ntitle: Home\n---\n\nHello.\n",
  "guides/setup.mdx":
    '---\ntitle: Setup\n---\n\nRun the installer.\n\n![Zoomable box](/images/box.svg)\n\n<img src="/images/box.svg" alt="Fixed box" noZoom />\n',
  "images/box.svg":
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="teal"/></svg>\n',
};

async function exportAs(deployment: DeploymentType, archive = false): Promise<string> {
  const folder = path.join(root, deployment);
  await exportSite({
    sourceDir: path.join(root, "source"),
    outputDir: path.join(folder, "site"),
    ...(archive ? { archiveFile: path.join(folder, "site.tar.gz") } : {}),
    deployment,
    feedbackUrl: "/_quire/feedback",
    repository: { url: "https://github.com/acme/reader", ref: "main" },
  });
  return folder;
}

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-reader-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), SOURCE);
  await Promise.all([exportAs("cloud", true), exportAs("client-hosted"), exportAs("air-gapped")]);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  // The browser first: its open connections would keep the servers' close() waiting.
  await browser?.close();
  for (const close of closers.reverse()) await close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  closers.push(() => context.close());
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.classList.contains("js"));
  return page;
}

/** The titles of the menu's options a reader sees once the chevron is clicked. */
async function visibleOptions(page: Page): Promise<string[]> {
  await page.click(".context-menu-more > summary");
  return page.locator(".context-menu-item:visible .context-menu-title").allTextContents();
}

describe("the page menu in a browser", () => {
  it("offers the AI tools of a cloud site served over HTTP, asking about the page's own address", async () => {
    const site = await serveFolder(path.join(root, "cloud", "site"));
    closers.push(site.close);
    const page = await open(`${site.url}guides/setup.html`);
    expect(await visibleOptions(page)).toEqual([
      "Copy page",
      "View as Markdown",
      "Open in ChatGPT",
      "Open in Claude",
    ]);
    const href = await page
      .locator(".context-menu-item", { hasText: "Open in Claude" })
      .getAttribute("href");
    expect(new URL(href as string).searchParams.get("q")).toBe(
      `Read ${site.url}guides/setup.html so I can ask questions about it.`,
    );
  });

  it("hides the AI tools of a page opened from disk, where no AI tool could read it", async () => {
    const page = await open(
      pathToFileURL(path.join(root, "cloud", "site", "guides", "setup.html")).href,
    );
    expect(await visibleOptions(page)).toEqual(["Copy page", "View as Markdown"]);
  });

  it.each([
    "client-hosted",
    "air-gapped",
  ] as const)("offers no AI tool in the %s site, and its Markdown view opens the bundle's own copy", async (deployment) => {
    const site = await serveFolder(path.join(root, deployment, "site"));
    closers.push(site.close);
    const page = await open(`${site.url}guides/setup.html`);
    expect(await visibleOptions(page)).toEqual(["Copy page", "View as Markdown"]);
    expect(await page.locator("a[href*='chatgpt'], a[href*='claude']").count()).toBe(0);
    await page.click(".context-menu-item[data-view-markdown]");
    await page.waitForURL(/setup\.md$/);
    expect(await page.textContent("body")).toContain("# Setup");
  });

  it("links the page to its source on the forge", async () => {
    const page = await open(
      pathToFileURL(path.join(root, "air-gapped", "site", "guides", "setup.html")).href,
    );
    expect(await page.getAttribute("a.suggest-edit", "href")).toBe(
      "https://github.com/acme/reader/edit/main/guides/setup.mdx",
    );
    // A page opened from disk cannot post to the site's server: the question is not asked.
    expect(await page.locator(".page-feedback").isVisible()).toBe(false);
  });
});

describe("image zoom", () => {
  it("shows an image larger on click until Escape, and leaves a noZoom image alone", async () => {
    const page = await open(
      pathToFileURL(path.join(root, "cloud", "site", "guides", "setup.html")).href,
    );
    await page.click('img[alt="Zoomable box"]');
    const overlay = page.locator(".image-zoom img");
    await overlay.waitFor({ state: "visible" });
    const box = await overlay.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    await page.keyboard.press("Escape");
    expect(await page.locator(".image-zoom").count()).toBe(0);
    await page.click('img[alt="Fixed box"]');
    await page.waitForTimeout(100);
    expect(await page.locator(".image-zoom").count()).toBe(0);
  });
});

describe("diagram controls", () => {
  it("zoom and reset a diagram from the corner its fence names, and stay off where the fence says so", async () => {
    const page = await open(pathToFileURL(path.join(root, "cloud", "site", "diagrams.html")).href);
    const diagrams = page.locator("pre.mermaid");
    await page.waitForFunction(() => document.querySelectorAll("pre.mermaid svg").length === 2);
    const controls = diagrams.nth(0).locator(".mermaid-controls");
    await controls.waitFor();
    expect(await controls.getAttribute("class")).toContain("mermaid-controls-top-left");
    await controls.getByLabel("Zoom in").click();
    await controls.getByLabel("Move right").click();
    const drawing = diagrams.nth(0).locator("svg").first();
    expect(await drawing.evaluate((svg) => (svg as SVGElement).style.transform)).toBe(
      "translate(60px, 0px) scale(1.25)",
    );
    await controls.getByLabel("Reset view").click();
    expect(await drawing.evaluate((svg) => (svg as SVGElement).style.transform)).toBe(
      "translate(0px, 0px) scale(1)",
    );
    expect(await diagrams.nth(1).locator(".mermaid-controls").count()).toBe(0);
  });
});

describe("the changelog's tag filter", () => {
  const shown = (page: Page) => page.locator(".update:visible .update-label").allTextContents();

  it("shows only the updates that carry every chosen tag, and keeps the choice in the address", async () => {
    const file = pathToFileURL(path.join(root, "cloud", "site", "changelog.html")).href;
    const page = await open(file);
    const filter = page.locator("#table-of-contents .update-filter");
    expect(await filter.locator("button").allTextContents()).toEqual([
      "Spearmint",
      "Wintergreen",
      "Peppermint",
    ]);
    expect(await shown(page)).toEqual(["March#", "February#", "January#", "December#"]);
    await filter.getByText("Spearmint").click();
    expect(await shown(page)).toEqual(["March#", "February#"]);
    expect(new URL(page.url()).searchParams.get("tags")).toBe("Spearmint");
    await filter.getByText("Wintergreen").click();
    expect(await shown(page)).toEqual(["March#"]);
    await filter.getByText("Spearmint").click();
    await filter.getByText("Wintergreen").click();
    expect(await shown(page)).toEqual(["March#", "February#", "January#", "December#"]);

    const linked = await open(`${file}?tags=Peppermint`);
    expect(await shown(linked)).toEqual(["January#"]);
    expect(await linked.locator(".update-filter-tag[aria-pressed=true]").allTextContents()).toEqual(
      ["Peppermint"],
    );
  });
});

/** `quire serve` of the cloud bundle, from a local link, once it serves it. */
async function quireServe(dataDir: string): Promise<string> {
  const file = path.join(root, "cloud", "site.tar.gz");
  const link: Server = createServer((_request, response) => {
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => link.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => link.close(() => resolve())));
  const values = path.join(makeTempDir(), "values.yaml");
  writeFileSync(
    values,
    `staticExport:\n  enabled: true\n  bundleUrl: "http://127.0.0.1:${(link.address() as AddressInfo).port}/b.tar.gz"\n`,
  );
  const child = spawn(
    process.execPath,
    [BIN, "serve", "--values", values, "--port", "0", "--data-dir", dataDir],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, QUIRE_LOG_LEVEL: "warn" } },
  );
  children.push(child);
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  for (let attempt = 0; attempt < 400; attempt++) {
    const base = /Quire serve listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (base && /Serving version/.test(output)) return base;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`quire serve did not start serving:\n${output}`);
}

describe("feedback under quire serve", () => {
  it("stores a reader's answer, counts it per page, and refuses what is not an answer for a page of the site", async () => {
    const dataDir = makeTempDir();
    const base = await quireServe(dataDir);
    const page = await open(`${base}/guides/setup`);
    await page.locator(".page-feedback").waitFor({ state: "visible" });
    expect(await page.textContent(".feedback-question")).toBe("Was this page helpful?");
    await page.click('.feedback-button[data-helpful="true"]');
    await page.locator(".feedback-status", { hasText: "Thank you for your feedback." }).waitFor();

    const post = (body: string, type = "application/json") =>
      fetch(`${base}/_quire/feedback`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
    expect((await post('{"page": "index", "helpful": false}')).status).toBe(204);
    const unknown = await post('{"page": "nowhere", "helpful": true}');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'the site has no page "nowhere"' });
    expect((await post("not json")).status).toBe(400);
    expect((await post('{"page": "index", "helpful": "yes"}')).status).toBe(400);
    expect((await post('{"page": "index", "helpful": true}', "text/plain")).status).toBe(415);
    expect((await post(JSON.stringify({ page: "x".repeat(4000), helpful: true }))).status).toBe(
      413,
    );
    // Twenty answers a minute from one address: the browser's and the four above that reached
    // the count (a body of the wrong type or size is refused before) make five.
    const statuses: number[] = [];
    for (let vote = 0; vote < 15; vote++)
      statuses.push((await post('{"page": "index", "helpful": true}')).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const limited = await post('{"page": "index", "helpful": true}');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const { stdout } = await run(process.execPath, [
      BIN,
      "feedback",
      "--data-dir",
      dataDir,
      "--json",
    ]);
    expect(JSON.parse(stdout)).toEqual([
      { page: "index", helpful: 15, unhelpful: 1 },
      { page: "guides/setup", helpful: 1, unhelpful: 0 },
    ]);
    const table = await run(process.execPath, [BIN, "feedback", "--data-dir", dataDir]);
    expect(table.stdout).toMatch(/guides\/setup\s+1\s+0/);
  });
});
