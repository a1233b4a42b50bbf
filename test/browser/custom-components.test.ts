import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser, recordForeignRequests, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * The sample site's own components (examples/docs/components/custom.mdx and the snippets it
 * imports), as a reader gets them: with JavaScript off, and working, over http under a path
 * prefix and straight from disk.
 */
let browser: Browser;
let root: string;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-components-${process.pid}-${Date.now()}`);
  await exportSite({
    sourceDir: path.resolve("examples/docs"),
    outputDir: path.join(root, "site"),
  });
  writeRepoFiles(path.join(root, "hostile"), {
    "docs.json": JSON.stringify({
      name: "Hostile",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": [
      "export const Loader = () => {",
      "  const [shown, setShown] = useState(false);",
      '  return <div><button id="load" onClick={() => setShown(true)}>Load</button>',
      '    {shown ? <img id="remote" src="https://images.example.com/tracker.png" alt="remote" /> : null}',
      '    {shown ? <a id="home" href="/index">Home</a> : null}</div>;',
      "};",
      "",
      "<Loader />",
      "",
    ].join("\n"),
  });
  writeRepoFiles(path.join(root, "fragile"), {
    "docs.json": JSON.stringify({
      name: "Fragile",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": [
      "export const BrowserOnlyCrash = ({ label }) => {",
      "  if (typeof window !== 'undefined') throw new Error('crashes in the browser');",
      '  return <p id="fragile">{label}</p>;',
      "};",
      "export const Toggle = () => {",
      "  const [on, setOn] = useState(false);",
      '  return <button id="toggle" onClick={() => setOn(!on)}>{on ? "On" : "Off"}</button>;',
      "};",
      "export const tens = (count) => Array.from({ length: count }, (_, i) => (i + 1) * 10);",
      "export const Stepper = ({ steps }) => {",
      "  const [index, setIndex] = useState(0);",
      '  return <button id="stepper" onClick={() => setIndex(index + 1)}>{steps[index % steps.length]}</button>;',
      "};",
      "",
      '<BrowserOnlyCrash label="Rendered at export" />',
      "",
      "<Toggle />",
      "",
      "<Stepper steps={tens(3)} />",
      "",
    ].join("\n"),
  });
  await exportSite({
    sourceDir: path.join(root, "fragile"),
    outputDir: path.join(root, "fragile-site"),
  });
  await exportSite({
    sourceDir: path.join(root, "hostile"),
    outputDir: path.join(root, "hostile-site"),
    deployment: "air-gapped",
  });
  server = await serveFolder(path.join(root, "site"), "/docs/");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface OpenedPage {
  context: BrowserContext;
  tab: Page;
  foreign: string[];
  errors: string[];
}

async function open(
  url: string,
  origin: string | "file",
  options: { javaScript?: boolean; dark?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
    colorScheme: options.dark ? "dark" : "light",
  });
  const tab = await context.newPage();
  const foreign = recordForeignRequests(tab, origin);
  const errors: string[] = [];
  tab.on("pageerror", (error) => errors.push(error.message));
  tab.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await tab.goto(url);
  if (options.javaScript !== false) await tab.waitForSelector("html[data-islands=ready]");
  return { context, tab, foreign, errors };
}

const sites = {
  http: () => ({ base: server.url, origin: new URL(server.url).origin }),
  file: () => ({ base: `${pathToFileURL(path.join(root, "site")).href}/`, origin: "file" }),
};

for (const kind of ["http", "file"] as const) {
  describe(`the sample site's own components over ${kind}`, () => {
    it("shows every label, badge and value from the props with JavaScript off", async () => {
      const { base, origin } = sites[kind]();
      const { context, tab } = await open(`${base}components/custom.html`, origin, {
        javaScript: false,
      });
      const related = tab.locator(".related-links li");
      await expect(related.allTextContents()).resolves.toEqual([
        "Snippets and variables",
        "SchedulesNew",
        "More components",
      ]);
      await expect(tab.locator(".counter output").textContent()).resolves.toBe("3");
      await expect(tab.locator(".plan-card").allTextContents()).resolves.toEqual([
        "Team$29✓ 50 jobs✓ 1-minute schedules✓ Email alerts",
        "Business$99✓ Unlimited jobs✓ Webhooks✓ SSO",
      ]);
      await expect(tab.locator(".cron-builder pre").textContent()).resolves.toContain(
        '"cron": "*/15 * * * *"',
      );
      await context.close();
    });

    it("counts, builds a schedule from a form, reveals content, with no request to another host", async () => {
      const { base, origin } = sites[kind]();
      const { context, tab, foreign, errors } = await open(`${base}components/custom.html`, origin);
      await tab.getByRole("button", { name: "Increase" }).click();
      await tab.getByRole("button", { name: "Increase" }).click();
      await tab.getByRole("button", { name: "Decrease" }).click();
      await expect(tab.locator(".counter output").textContent()).resolves.toBe("4");

      const builder = tab.locator(".cron-builder");
      // The effect fills in the next runs once the component runs in the page.
      await expect(builder.locator(".next-runs").textContent()).resolves.toMatch(
        /Next runs \(UTC\): \d{4}-\d\d-\d\d \d\d:\d\d, /,
      );
      await builder.locator("input.job-name").fill("nightly-report");
      await builder.locator("select.unit").selectOption("hours");
      await builder.locator("input.every").fill("2");
      await expect(builder.locator("pre").textContent()).resolves.toBe(
        JSON.stringify({ name: "nightly-report", cron: "0 */2 * * *" }, null, 2),
      );

      const reveal = tab.locator(".reveal");
      await expect(reveal.locator("strong").count()).resolves.toBe(0);
      await tab.getByRole("button", { name: "Show the retry schedule" }).click();
      await expect(reveal.locator("strong").textContent()).resolves.toBe("1, 5 and 15 minutes");
      await expect(reveal.locator(".callout-note svg path").count()).resolves.toBe(1);

      // Brought to life with the data a page passes by name, as rendered at export.
      const business = tab.locator(".custom-component", { has: tab.locator(".plan-card") }).nth(1);
      await expect(business.getAttribute("data-quire-hydrated")).resolves.toBe("");
      await expect(business.textContent()).resolves.toBe(
        "Business$99✓ Unlimited jobs✓ Webhooks✓ SSO",
      );

      await tab.locator(".related-links a", { hasText: "Schedules" }).click();
      await tab.waitForURL(/guides\/schedules\.html$/);
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe("what the components look like", () => {
  it("applies Tailwind arbitrary values, and dark: variants with the site's dark theme", async () => {
    const { base, origin } = sites.http();
    const backgrounds: Record<string, string> = {};
    for (const dark of [false, true]) {
      const { context, tab } = await open(`${base}components/custom.html`, origin, { dark });
      const highlighted = tab.locator(".plan-card").nth(1);
      await expect(
        highlighted.evaluate((element) => getComputedStyle(element).minWidth),
      ).resolves.toBe("192px");
      await expect(
        highlighted.evaluate((element) => getComputedStyle(element).borderTopLeftRadius),
      ).resolves.toBe("14px");
      backgrounds[dark ? "dark" : "light"] = await highlighted.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      await context.close();
    }
    expect(backgrounds.light).not.toBe(backgrounds.dark);
    // indigo-50 is nearly white, indigo-950 nearly black.
    const lightness = (color: string | undefined): number =>
      Number(/oklch\(([\d.]+)/.exec(color ?? "")?.[1] ?? /\d+/.exec(color ?? "")?.[0]);
    expect(lightness(backgrounds.light)).toBeGreaterThan(lightness(backgrounds.dark));
  });

  it("loads no component code on a page without components", async () => {
    const { base, origin } = sites.http();
    const context = await browser.newContext();
    const tab = await context.newPage();
    const scripts: string[] = [];
    tab.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    recordForeignRequests(tab, origin);
    await tab.goto(`${base}components/callouts.html`);
    await tab.waitForLoadState("load");
    expect(scripts.map((url) => path.basename(url))).toEqual([
      expect.stringMatching(/^quire\.[0-9a-f]+\.js$/),
    ]);
    await context.close();
  });
});

describe("an air-gapped page", () => {
  it("never lets a component load from another host, and keeps its links inside the bundle", async () => {
    const url = pathToFileURL(path.join(root, "hostile-site", "index.html")).href;
    const { context, tab, foreign } = await open(url, "file");
    await tab.locator("#load").click();
    await expect(tab.locator("#remote").count()).resolves.toBe(1);
    await expect(tab.locator("#remote").getAttribute("src")).resolves.toBeNull();
    await expect(tab.locator("#home").getAttribute("href")).resolves.toBe("index.html");
    await tab.waitForTimeout(200);
    expect(foreign).toEqual([]);
    await context.close();
  });
});

describe("a component that fails in the browser", () => {
  it("keeps its HTML from the export, says so in the console, and the page's other components work", async () => {
    const url = pathToFileURL(path.join(root, "fragile-site", "index.html")).href;
    const { context, tab, errors } = await open(url, "file");
    await expect(tab.locator("#fragile").textContent()).resolves.toBe("Rendered at export");
    expect(errors).toEqual([
      expect.stringContaining("component <BrowserOnlyCrash> could not start in the browser"),
    ]);
    await tab.locator("#toggle").click();
    await expect(tab.locator("#toggle").textContent()).resolves.toBe("On");
    await context.close();
  });
});

describe("a component given a computed prop", () => {
  it("renders it at export and gets the same value in the browser: steps={tens(3)}", async () => {
    const url = pathToFileURL(path.join(root, "fragile-site", "index.html")).href;
    const withoutScripts = await open(url, "file", { javaScript: false });
    await expect(withoutScripts.tab.locator("#stepper").textContent()).resolves.toBe("10");
    await withoutScripts.context.close();
    const { context, tab } = await open(url, "file");
    await tab.locator("#stepper").click();
    await expect(tab.locator("#stepper").textContent()).resolves.toBe("20");
    await tab.locator("#stepper").click();
    await expect(tab.locator("#stepper").textContent()).resolves.toBe("30");
    await context.close();
  });
});
