import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

const page = `---
title: Screens
---

<Frame caption="The dashboard">
  <img className="block dark:hidden" src="/light.svg" alt="Dashboard in light" />
  <img className="hidden dark:block" src="/dark.svg" alt="Dashboard in dark" />
</Frame>

<Tile href="/" title="Tile">
  <img src="/light.svg" alt="Tile in light" className="block dark:hidden" />
  <img src="/dark.svg" alt="Tile in dark" className="hidden dark:block" />
</Tile>
`;

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>';

let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-theme-images-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), {
    "docs.json": JSON.stringify({
      name: "Screens",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": page,
    "light.svg": svg,
    "dark.svg": svg,
  });
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(colorScheme: "light" | "dark", javaScript = true): Promise<Page> {
  const context = await browser.newContext({ colorScheme, javaScriptEnabled: javaScript });
  const tab = await context.newPage();
  await tab.goto(pathToFileURL(path.join(root, "site", "index.html")).href);
  return tab;
}

/** The alt text of every image in the content that the reader can see. */
function shownImages(tab: Page): Promise<string[]> {
  return tab.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>(".prose img")]
      .filter((image) => getComputedStyle(image).display !== "none")
      .map((image) => image.alt),
  );
}

describe("light and dark pairs of images", () => {
  it("shows only the light images in the light theme", async () => {
    const tab = await open("light");
    await expect(shownImages(tab)).resolves.toEqual(["Dashboard in light", "Tile in light"]);
    await tab.context().close();
  });

  it("shows only the dark images in the dark theme", async () => {
    const tab = await open("dark");
    await expect(tab.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe("dark");
    await expect(shownImages(tab)).resolves.toEqual(["Dashboard in dark", "Tile in dark"]);
    await tab.context().close();
  });

  it("shows one image of each pair with JavaScript off", async () => {
    const tab = await open("dark", false);
    await expect(shownImages(tab)).resolves.toEqual(["Dashboard in light", "Tile in light"]);
    await tab.context().close();
  });
});
