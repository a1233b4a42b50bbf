import { readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

const page = `---
title: Swatches
---

<div id="swatch" className="bg-red-500 dark:bg-blue-500 min-w-[4rem] p-4 md:p-8">Swatch</div>

<div id="row" className="flex gap-4"><span>One</span><span>Two</span></div>
`;

let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-tailwind-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), {
    "docs.json": JSON.stringify({
      name: "Swatches",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", "other"] },
    }),
    "index.mdx": page,
    "other.mdx": "---\ntitle: Other\n---\n\nNo utilities here.\n",
  });
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(file: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: "light",
    viewport: { width, height: 900 },
  });
  const tab = await context.newPage();
  await tab.goto(pathToFileURL(path.join(root, "site", file)).href);
  return tab;
}

/** The colour Chromium computes for a CSS colour value, for comparing with an element's. */
function computedColor(tab: Page, value: string): Promise<string> {
  return tab.evaluate((color) => {
    const probe = document.createElement("i");
    probe.style.color = color;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, value);
}

describe("Tailwind utilities in the browser", () => {
  it("colours content in light and dark from the theme's data-theme, with arbitrary and responsive values", async () => {
    const tab = await open("index.html");
    const red = await computedColor(tab, "oklch(63.7% 0.237 25.331)");
    const blue = await computedColor(tab, "oklch(62.3% 0.214 259.815)");
    const swatch = tab.locator("#swatch");
    await expect(
      swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe(red);
    await expect(swatch.evaluate((element) => getComputedStyle(element).minWidth)).resolves.toBe(
      "64px",
    );
    await expect(swatch.evaluate((element) => getComputedStyle(element).paddingTop)).resolves.toBe(
      "32px",
    );
    await expect(
      tab
        .locator("#row")
        .evaluate((element) => [
          getComputedStyle(element).display,
          getComputedStyle(element).columnGap,
        ]),
    ).resolves.toEqual(["flex", "16px"]);

    await tab.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await expect(
      swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe(blue);
    await tab.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
    await expect(
      swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
    ).resolves.toBe(red);
    await tab.context().close();
  });

  it("applies the small-screen value below the md breakpoint", async () => {
    const tab = await open("index.html", 600);
    await expect(
      tab.locator("#swatch").evaluate((element) => getComputedStyle(element).paddingTop),
    ).resolves.toBe("16px");
    await tab.context().close();
  });

  it("leaves the theme's sidebar and header as they are, even with a utility's class name", async () => {
    const tab = await open("index.html");
    const chrome = () =>
      tab.evaluate(() => {
        const sidebar = document.querySelector("#sidebar") as HTMLElement;
        const marked = document.querySelector("#sidebar .marked") as HTMLElement;
        const styles = [
          sidebar,
          marked,
          document.body,
          document.querySelector(".page-title") as HTMLElement,
        ].map((element) => {
          const style = getComputedStyle(element);
          return [
            style.backgroundColor,
            style.padding,
            style.margin,
            style.display,
            style.boxSizing,
            style.minWidth,
            style.fontSize,
          ].join(" ");
        });
        return styles;
      });
    await tab.evaluate(() => {
      const marked = document.createElement("div");
      marked.className = "marked bg-red-500 p-4 flex min-w-[4rem]";
      marked.textContent = "outside the content";
      document.querySelector("#sidebar")?.append(marked);
    });
    const withUtilities = await chrome();
    await tab.evaluate(() => {
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[href*="tailwind."]'))
        link.disabled = true;
    });
    // The utilities did apply in the content, and nothing outside it changes without them.
    await expect(
      tab.locator("#swatch").evaluate((element) => getComputedStyle(element).minWidth),
    ).resolves.toBe("0px");
    await expect(chrome()).resolves.toEqual(withUtilities);
    await tab.context().close();
  });

  it("loads no Tailwind stylesheet on a page without utilities", async () => {
    const tab = await open("other.html");
    const sheets = await tab.evaluate(() =>
      [...document.styleSheets].map((sheet) => sheet.href ?? "inline"),
    );
    expect(sheets.some((href) => href.includes("tailwind."))).toBe(false);
    expect(
      readdirSync(path.join(root, "site", "_quire")).filter((file) => file.startsWith("tailwind."))
        .length,
    ).toBe(1);
    await tab.context().close();
  });
});
