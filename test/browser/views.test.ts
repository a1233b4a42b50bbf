import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

const sdkPage = `---
title: SDK
---

Pick your language.

<View title="JavaScript" icon="js">
## Install the JavaScript client

Run \`npm install lumen\`.
</View>

<View title="Python" icon="python">
## Install the Python client

Run \`pip install lumen\`.
</View>

## Shared notes

Both clients read \`LUMEN_KEY\`.
`;

const otherPage = `---
title: Other
---

<View title="JavaScript">Use \`lumen.connect()\`.</View>

<View title="Python">Use \`lumen.connect_sync()\`.</View>
`;

let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-views-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), {
    "docs.json": JSON.stringify({
      name: "Views",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", "other"] },
    }),
    "index.mdx": sdkPage,
    "other.mdx": otherPage,
  });
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(
  file: string,
  options: { javaScript?: boolean; hash?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: 1280, height: 900 },
  });
  const tab = await context.newPage();
  await tab.goto(`${pathToFileURL(path.join(root, "site", file)).href}${options.hash ?? ""}`);
  return tab;
}

/** The text of the page's content that a reader can see. */
function visibleText(tab: Page): Promise<string> {
  return tab.locator(".prose").innerText();
}

/** The "On this page" entries a reader can see. */
function visibleToc(tab: Page): Promise<string[]> {
  return tab.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".toc li")]
      .filter((item) => item.offsetParent !== null)
      .map((item) => item.innerText.trim()),
  );
}

describe("views of a page, one per language", () => {
  it("shows the first view only, with a View dropdown in the page header listing every view", async () => {
    const tab = await open("index.html");
    const select = tab.locator(".page-header").getByLabel("View");
    await expect(select.locator("option").allInnerTexts()).resolves.toEqual([
      "JavaScript",
      "Python",
    ]);
    const text = await visibleText(tab);
    expect(text).toContain("npm install lumen");
    expect(text).not.toContain("pip install lumen");
    expect(text).toContain("Both clients read LUMEN_KEY.");
    await expect(tab.locator(".view [role='tab']").first().isVisible()).resolves.toBe(false);
    await tab.context().close();
  });

  it("switches the content and the table of contents when the reader picks another view", async () => {
    const tab = await open("index.html");
    await expect(visibleToc(tab)).resolves.toEqual([
      "Install the JavaScript client",
      "Shared notes",
    ]);
    await tab.getByLabel("View").selectOption("Python");
    const text = await visibleText(tab);
    expect(text).toContain("pip install lumen");
    expect(text).not.toContain("npm install lumen");
    await expect(visibleToc(tab)).resolves.toEqual(["Install the Python client", "Shared notes"]);
    await tab.context().close();
  });

  it("remembers the chosen view on the next page", async () => {
    const tab = await open("index.html");
    await tab.getByLabel("View").selectOption("Python");
    await tab.goto(pathToFileURL(path.join(root, "site", "other.html")).href);
    const text = await visibleText(tab);
    expect(text).toContain("connect_sync()");
    expect(text).not.toContain("connect()");
    await tab.context().close();
  });

  it("opens the view that holds the heading a link points to", async () => {
    const tab = await open("index.html", { hash: "#install-the-python-client" });
    await expect(tab.getByLabel("View").inputValue()).resolves.toBe("Python");
    await expect(
      tab.getByRole("heading", { name: "Install the Python client" }).isVisible(),
    ).resolves.toBe(true);
    await tab.context().close();
  });

  it("shows every view under its title when JavaScript is off", async () => {
    const tab = await open("index.html", { javaScript: false });
    const text = await visibleText(tab);
    expect(text).toContain("JavaScript");
    expect(text).toContain("npm install lumen");
    expect(text).toContain("Python");
    expect(text).toContain("pip install lumen");
    await expect(tab.locator(".view-switcher").count()).resolves.toBe(0);
    await tab.context().close();
  });
});
