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
title: Install
---

See [the Linux way](#linux).

<Tabs>
<Tab title="macOS">Use Homebrew.</Tab>
<Tab title="Linux">Use apt.</Tab>
</Tabs>

<Tabs>
<Tab title="macOS">Mac notes.</Tab>
<Tab title="Linux">Linux notes.</Tab>
</Tabs>

<Tabs sync={false}>
<Tab title="macOS">Independent mac.</Tab>
<Tab title="Linux">Independent linux.</Tab>
</Tabs>

<CodeGroup dropdown>
\`\`\`bash macOS
brew install lumen
\`\`\`

\`\`\`bash Linux
apt install lumen
\`\`\`
</CodeGroup>
`;

let browser: Browser;
let root: string;

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-tab-sync-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), {
    "docs.json": JSON.stringify({
      name: "Sync",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": page,
  });
  await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(hash = ""): Promise<Page> {
  const tab = await browser.newPage();
  await tab.goto(`${pathToFileURL(path.join(root, "site", "index.html")).href}${hash}`);
  return tab;
}

/** The text of the visible panel of each tab set on the page, in order. */
function visiblePanels(tab: Page): Promise<string[]> {
  return tab.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-tabs]")].map((set) => {
      const shown = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")].filter(
        (panel) => panel.offsetParent !== null,
      );
      return shown.map((panel) => panel.innerText.trim()).join(" | ");
    }),
  );
}

describe("tab sets sharing titles on one page", () => {
  it("selects the same title in every synced set and code group when a reader clicks a tab", async () => {
    const tab = await open();
    await tab.getByRole("tab", { name: "Linux" }).first().click();
    const [first, second, independent, code] = await visiblePanels(tab);
    expect(first).toBe("Use apt.");
    expect(second).toBe("Linux notes.");
    expect(independent).toBe("Independent mac.");
    expect(code).toContain("apt install lumen");
    await tab.close();
  });

  it("syncs when the reader moves with the arrow keys too", async () => {
    const tab = await open();
    await tab.getByRole("tab", { name: "macOS" }).nth(1).focus();
    await tab.keyboard.press("ArrowRight");
    await expect(tab.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Linux");
    const [first, second] = await visiblePanels(tab);
    expect(first).toBe("Use apt.");
    expect(second).toBe("Linux notes.");
    await tab.close();
  });

  it("keeps a set made with sync={false} to itself, both ways", async () => {
    const tab = await open();
    await tab.getByRole("tab", { name: "Linux" }).nth(2).click();
    const [first, second, independent] = await visiblePanels(tab);
    expect(independent).toBe("Independent linux.");
    expect(first).toBe("Use Homebrew.");
    expect(second).toBe("Mac notes.");
    await tab.close();
  });

  it("syncs the other sets when the reader picks from a code group's dropdown", async () => {
    const tab = await open();
    await tab.locator(".tab-select").selectOption({ label: "Linux" });
    const [first, second, independent, code] = await visiblePanels(tab);
    expect(code).toContain("apt install lumen");
    expect(first).toBe("Use apt.");
    expect(second).toBe("Linux notes.");
    expect(independent).toBe("Independent mac.");
    await tab.close();
  });

  it("selects the tab a link names (its title's slug), syncing the others as a click would", async () => {
    const tab = await open();
    await tab.getByRole("link", { name: "the Linux way" }).click();
    // The browser reports the new address (hashchange) after the click returns.
    await expect.poll(async () => (await visiblePanels(tab))[0]).toBe("Use apt.");
    const [first, second, independent, code] = await visiblePanels(tab);
    expect(first).toBe("Use apt.");
    expect(second).toBe("Linux notes.");
    expect(independent).toBe("Independent mac.");
    expect(code).toContain("apt install lumen");
    await tab.close();
  });

  it("opens a page on the tab its address names, in a set that does not sync", async () => {
    const tab = await open("#linux-3");
    const [first, second, independent] = await visiblePanels(tab);
    expect(independent).toBe("Independent linux.");
    expect(first).toBe("Use Homebrew.");
    expect(second).toBe("Mac notes.");
    await tab.close();
  });
});
