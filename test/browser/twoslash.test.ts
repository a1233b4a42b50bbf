import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

// Long enough that the block scrolls sideways, and its last line's popup opens below the block.
const PAGE = `---
title: Types
---

Hover a name to see its type.

\`\`\`ts twoslash
type Pet = "cat" | "dog";
const favourite: Pet = "cat"; // a comment long enough to make the block scroll sideways at this width
const x = 1
\`\`\`

Text after the block.
`;

let browser: Browser;
let work: string;
let server: Server;
let served: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "quire-twoslash-browser-"));
  writeRepoFiles(path.join(work, "source"), {
    "docs.json": JSON.stringify({
      name: "Types",
      colors: { primary: "#2563EB" },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": PAGE,
  });
  // Exported into a version of quire serve's data folder: served under its Content-Security-Policy.
  const versions = new VersionStore(path.join(work, "serve"));
  const directory = versions.directoryOf("v1");
  await exportSite({ sourceDir: path.join(work, "source"), outputDir: sitePath(directory) });
  precompress(sitePath(directory), compressedPath(directory));
  versions.activate("v1", 1);
  server = createStaticServer({ versions, logger: pino({ level: "silent" }) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  served = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (work) rmSync(work, { recursive: true, force: true });
});

async function open(url: string, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 700, height: 800 }, colorScheme });
  const tab = await context.newPage();
  await tab.goto(url);
  return tab;
}

const fileUrl = (): string =>
  pathToFileURL(
    path.join(sitePath(new VersionStore(path.join(work, "serve")).directoryOf("v1")), "index.html"),
  ).href;

/** The hover token of the identifier `name` in the block. */
function token(tab: Page, name: string): Locator {
  return tab.locator(".twoslash-hover", { hasText: new RegExp(`${name}$`) }).first();
}

/** Whether the popup is drawn where the reader can see it: its middle is the popup itself, not cut off. */
async function popupSeen(popup: Locator): Promise<boolean> {
  if (!(await popup.isVisible())) return false;
  return popup.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const atMiddle = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return atMiddle !== null && element.contains(atMiddle);
  });
}

describe("twoslash hovers in the browser", () => {
  it("shows a name's type when the reader points at it, below the line, and hides it after", async () => {
    const tab = await open(fileUrl());
    const x = token(tab, "x");
    const popup = x.locator(".twoslash-popup-container");
    await expect(popup.isVisible()).resolves.toBe(false);
    await x.hover();
    await expect.poll(() => popupSeen(popup)).toBe(true);
    await expect(popup.innerText()).resolves.toBe("const x: 1");
    const tokenBox = await x.boundingBox();
    const popupBox = await popup.boundingBox();
    expect(popupBox && tokenBox && popupBox.y).toBeGreaterThanOrEqual(
      (tokenBox?.y ?? 0) + (tokenBox?.height ?? 0) - 1,
    );
    await tab.mouse.move(5, 5);
    await expect.poll(() => popup.isVisible()).toBe(false);
    await tab.close();
  });

  it("shows the type when the name gets keyboard focus", async () => {
    const tab = await open(fileUrl());
    const pet = token(tab, "favourite");
    await pet.focus();
    const popup = pet.locator(".twoslash-popup-container");
    await expect.poll(() => popupSeen(popup)).toBe(true);
    await expect(popup.innerText()).resolves.toBe("const favourite: Pet");
    await tab.close();
  });

  it("copies the code without the types", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(served).origin,
    });
    const tab = await context.newPage();
    await tab.goto(served);
    const button = tab.locator(".code-twoslash button.copy-code");
    await button.click();
    await expect.poll(() => button.textContent()).toBe("Copied");
    await expect(tab.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      PAGE.split("```ts twoslash\n")[1]?.split("\n```")[0],
    );
    await context.close();
  });

  it("works under quire serve's Content-Security-Policy, in the dark theme too", async () => {
    const tab = await open(served, "dark");
    const refused: string[] = [];
    tab.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await tab.reload();
    const x = token(tab, "x");
    await x.hover();
    const popup = x.locator(".twoslash-popup-container");
    await expect.poll(() => popupSeen(popup)).toBe(true);
    const colors = await popup.evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      text: getComputedStyle(element.querySelector("span") as Element).color,
    }));
    // Dark popup, and the type coloured with the dark code theme (github-dark's #F97583 keyword).
    expect(colors.background).not.toBe("rgb(255, 255, 255)");
    expect(colors.text).toBe("rgb(249, 117, 131)");
    expect(refused).toEqual([]);
    await tab.close();
  });
});
