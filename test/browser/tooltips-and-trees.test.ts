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
title: Terms
---

A job runs on a <Tooltip headline="Cron" tip="Five fields: minute, hour, day, month, weekday." cta="Read the guide" href="/guides/cron">cron schedule</Tooltip> you choose.

<Tree>
  <Tree.Folder name="app" defaultOpen>
    <Tree.File name="main.ts" />
  </Tree.Folder>
  <Tree.Folder name="docs">
    <Tree.File name="index.mdx" />
  </Tree.Folder>
</Tree>
`;

let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-tooltips-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), {
    "docs.json": JSON.stringify({
      name: "Terms",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", "guides/cron"] },
    }),
    "index.mdx": page,
    "guides/cron.mdx": "---\ntitle: Cron\n---\n\nFive fields.\n",
  });
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(): Promise<Page> {
  const tab = await browser.newPage();
  await tab.goto(pathToFileURL(path.join(root, "site", "index.html")).href);
  return tab;
}

/** Whether the tooltip's text can be seen (it stays in the page for screen readers). */
function tipShown(tab: Page): Promise<boolean> {
  return tab
    .locator(".tooltip-tip")
    .evaluate(
      (tip) =>
        getComputedStyle(tip).visibility === "visible" && Number(getComputedStyle(tip).opacity) > 0,
    );
}

describe("tooltips and file trees in the browser", () => {
  it("hides a tooltip until the reader points at its term", async () => {
    const tab = await open();
    await expect(tipShown(tab)).resolves.toBe(false);
    await tab.locator(".tooltip-term").hover();
    await expect.poll(() => tipShown(tab)).toBe(true);
    await tab.close();
  });

  it("shows a tooltip when its term gets keyboard focus, and lets the keyboard reach its link", async () => {
    const tab = await open();
    await tab.locator(".tooltip-term").focus();
    await expect.poll(() => tipShown(tab)).toBe(true);
    await expect(tab.getByRole("tooltip").innerText()).resolves.toContain(
      "Five fields: minute, hour, day, month, weekday.",
    );
    await tab.keyboard.press("Tab");
    await expect(tab.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "Read the guide",
    );
    await expect.poll(() => tipShown(tab)).toBe(true);
    await tab.keyboard.press("Enter");
    await tab.waitForURL(/guides\/cron\.html$/);
    await tab.close();
  });

  it("opens a closed tree folder from the keyboard, and shows a folder set to defaultOpen already open", async () => {
    const tab = await open();
    await expect(tab.getByText("main.ts").isVisible()).resolves.toBe(true);
    await expect(tab.getByText("index.mdx").isVisible()).resolves.toBe(false);
    await tab.locator(".tree-folder summary", { hasText: "docs" }).focus();
    await tab.keyboard.press("Enter");
    await expect(tab.getByText("index.mdx").isVisible()).resolves.toBe(true);
    await tab.close();
  });
});
