import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { THEME_NAMES } from "../../src/exporter/site/types.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * One exported site in Chromium: its theme's fonts and colours (every theme's layer is in the
 * one stylesheet, keyed on the class on <html>), the page modes' boxes, the repository's own
 * stylesheet and script, the tab bar's menus and the 404 page at any depth under a prefix.
 */

const headings = "## One\n\nText.\n\n## Two\n\nMore text.\n";
const SITE = {
  "docs.json": JSON.stringify({
    name: "Looks",
    theme: "linden",
    colors: { primary: "#16A34A" },
    errors: { "404": { title: "Nothing here", description: "Try the [setup](/guides/setup)." } },
    navigation: {
      tabs: [
        {
          tab: "Guides",
          groups: [
            {
              group: "Start",
              pages: ["index", "guides/setup", "guides/frame", "guides/center", "guides/wide"],
            },
          ],
        },
        {
          tab: "Reference",
          menu: [
            { item: "REST API", description: "Every endpoint", pages: ["api/users"] },
            { item: "SDKs", pages: ["sdk/node"] },
          ],
        },
      ],
    },
  }),
  "index.mdx": `---\ntitle: Home\n---\n\n${headings}`,
  "guides/setup.mdx": `---\ntitle: Setup\n---\n\n${headings}\n\n\`\`\`js\nconst answer = 42;\n\`\`\`\n`,
  "guides/frame.mdx": `---\ntitle: Frame\nmode: frame\n---\n\n<div id="hero">Hero</div>\n`,
  "guides/center.mdx": `---\ntitle: Center\nmode: center\n---\n\n${headings}`,
  "guides/wide.mdx": `---\ntitle: Wide\nmode: wide\n---\n\n${headings}`,
  "api/users.mdx": "---\ntitle: Users\n---\n\nUsers.\n",
  "sdk/node.mdx": "---\ntitle: Node SDK\n---\n\nNode.\n",
  "brand.css": "#navbar { border-bottom: 3px solid rgb(255, 0, 0); }",
  "scripts/widget.js": "document.documentElement.dataset.widget = 'ran';",
};

let browser: Browser;
/** One context for every test: pages share its cache, as a reader's tabs do. */
let context: BrowserContext;
let root: string;
let server: { url: string; close: () => Promise<void> };
/** A second site whose docs.json sends a missing page's reader home (errors.404.redirect). */
let redirecting: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-site-themes-${process.pid}-${Date.now()}`);
  writeRepoFiles(path.join(root, "source"), SITE);
  writeRepoFiles(path.join(root, "redirecting"), {
    "docs.json": JSON.stringify({
      name: "Home",
      colors: { primary: "#16A34A" },
      errors: { "404": { redirect: true } },
      navigation: { pages: ["index"] },
    }),
    "index.mdx": "---\ntitle: Welcome home\n---\n\nHello.\n",
  });
  await Promise.all([
    exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") }),
    exportSite({
      sourceDir: path.join(root, "redirecting"),
      outputDir: path.join(root, "redirecting-site"),
    }),
  ]);
  [browser, server, redirecting] = await Promise.all([
    launchBrowser(),
    serveFolder(path.join(root, "site"), "/docs/"),
    serveFolder(path.join(root, "redirecting-site"), "/help/"),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close(), redirecting?.close()]);
  rmSync(root, { recursive: true, force: true });
});

async function open(target: string): Promise<Page> {
  const tab = await context.newPage();
  const url = target.startsWith("file:") ? target : `${server.url}${target}`;
  await tab.goto(url);
  await tab.waitForFunction(() => document.documentElement.classList.contains("js"));
  return tab;
}

/** The first family of an element's computed font-family. */
function firstFont(tab: Page, selector: string): Promise<string> {
  return tab.evaluate(
    (query) =>
      (getComputedStyle(document.querySelector(query) as Element).fontFamily.split(",")[0] ?? "")
        .trim()
        .replace(/"/g, ""),
    selector,
  );
}

describe("the themes in a browser", () => {
  it("sets each theme's own fonts and colours", async () => {
    const tab = await open("guides/setup.html");
    const seen: Record<string, string> = {};
    for (const theme of THEME_NAMES) {
      await tab.evaluate((name) => {
        const html = document.documentElement;
        html.className = html.className.replace(/\btheme-\w+/, `theme-${name}`);
      }, theme);
      const look = await tab.evaluate(() => {
        const style = (selector: string) =>
          getComputedStyle(document.querySelector(selector) as Element);
        return {
          navbar: style("#navbar").backgroundColor,
          radius: style(".copy-page").borderTopLeftRadius,
          sidebar: style("#sidebar").backgroundColor,
          container: style("#content-container").borderTopLeftRadius,
        };
      });
      seen[theme] = JSON.stringify({
        body: await firstFont(tab, "body"),
        title: await firstFont(tab, "#page-title"),
        ...look,
      });
    }
    const fonts = (theme: string) => JSON.parse(seen[theme] as string) as Record<string, string>;
    // The site names no font: each theme's own (a docs.json `fonts` goes first, before these).
    expect(fonts("mint").body).toBe("Inter");
    expect(fonts("linden").body).toBe("JetBrains Mono");
    expect(fonts("maple").body).toBe("Geist");
    expect(fonts("palm").body).toBe("DM Sans");
    expect(fonts("sequoia").title).toBe("Source Serif 4");
    expect(fonts("sequoia").body).toBe("Inter");
    expect(fonts("linden").radius).toBe("0px");
    expect(fonts("almond").container).not.toBe("0px");
    // Palm's navbar is in the deep brand colour, not the page's.
    expect(fonts("palm").navbar).not.toBe(fonts("mint").navbar);
    expect(new Set(Object.values(seen)).size).toBe(THEME_NAMES.length);
    await tab.close();
  });

  it("keeps the brand and the navbar's buttons on a 390 px screen in every theme", async () => {
    const tab = await open("guides/setup.html");
    await tab.setViewportSize({ width: 390, height: 800 });
    for (const theme of THEME_NAMES) {
      const boxes = await tab.evaluate((name) => {
        const html = document.documentElement;
        html.className = html.className.replace(/\btheme-\w+/, `theme-${name}`);
        const right = (selector: string) =>
          (document.querySelector(selector) as Element).getBoundingClientRect();
        return {
          brand: right(".brand").width,
          search: right("#search-bar-entry").right,
          toggle: right("[data-theme-toggle]").right,
        };
      }, theme);
      expect(boxes.brand, theme).toBeGreaterThan(40);
      expect(Math.max(boxes.search, boxes.toggle), theme).toBeLessThanOrEqual(390);
    }
    await tab.close();
  });

  it("loads the theme's font from the bundle, over http and from disk", async () => {
    for (const target of [
      "index.html",
      pathToFileURL(path.join(root, "site", "index.html")).href,
    ]) {
      const tab = await open(target);
      const loaded = await tab.evaluate(async () => {
        const faces = await document.fonts.load('16px "JetBrains Mono"');
        return faces.map((face) => face.status);
      });
      expect(loaded.length, target).toBeGreaterThan(0);
      expect(
        loaded.every((status) => status === "loaded"),
        target,
      ).toBe(true);
      await tab.close();
    }
  });
});

describe("code block colours in a browser", () => {
  it("keeps code blocks dark in light mode with codeblocks: dark", async () => {
    const tab = await open("guides/setup.html");
    const look = () =>
      tab.evaluate(() => {
        const token = document.querySelector(".code-block pre.shiki span span") as HTMLElement;
        const pre = document.querySelector(".code-block pre.shiki") as HTMLElement;
        return {
          token: getComputedStyle(token).color,
          dark: token.style.getPropertyValue("--shiki-dark"),
          background: getComputedStyle(pre).backgroundColor,
        };
      });
    const light = await look();
    await tab.evaluate(() => document.documentElement.classList.add("code-dark"));
    const dark = await look();
    expect(dark.token).not.toBe(light.token);
    const [r, g, b] = (dark.background.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(150);
    // The token takes the dark theme's colour.
    const hex = dark.dark.toLowerCase();
    const rgb = `rgb(${Number.parseInt(hex.slice(1, 3), 16)}, ${Number.parseInt(hex.slice(3, 5), 16)}, ${Number.parseInt(hex.slice(5, 7), 16)})`;
    expect(dark.token).toBe(rgb);
    await tab.close();
  });
});

describe("page modes in a browser", () => {
  const box = (tab: Page, selector: string) =>
    tab.evaluate((query) => {
      const element = document.querySelector(query);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { left: rect.left, width: rect.width };
    }, selector);

  it("frame keeps the sidebar but has no header over the content", async () => {
    const tab = await open("guides/frame.html");
    expect(await box(tab, "#header")).toBeNull();
    expect((await box(tab, "#sidebar"))?.width).toBeGreaterThan(150);
    const hero = await box(tab, "#hero");
    const sidebar = await box(tab, "#sidebar");
    expect(hero && sidebar && hero.left >= sidebar.left + sidebar.width).toBe(true);
    await tab.close();
  });

  it("center has no sidebar or table of contents, and centres a narrower column", async () => {
    const tab = await open("guides/center.html");
    expect(await box(tab, "#sidebar")).toBeNull();
    expect(await box(tab, "#table-of-contents")).toBeNull();
    const column = await box(tab, "#content-container");
    expect(column && Math.abs(column.left + column.width / 2 - 640)).toBeLessThan(20);
    expect(column?.width).toBeLessThan(900);
    await tab.close();
  });

  it("wide has no table of contents and a wider column than a default page", async () => {
    const wide = await open("guides/wide.html");
    const normal = await open("guides/setup.html");
    expect(await box(wide, "#table-of-contents")).toBeNull();
    expect(await box(normal, "#table-of-contents")).not.toBeNull();
    const wideWidth = (await box(wide, "#content-container"))?.width ?? 0;
    const normalWidth = (await box(normal, "#content-container"))?.width ?? 0;
    expect(wideWidth).toBeGreaterThan(normalWidth + 100);
    await Promise.all([wide.close(), normal.close()]);
  });
});

describe("the repository's own CSS and JS in a browser", () => {
  it("applies a rule of its stylesheet on Mintlify's #navbar, and runs its script, over http and from disk", async () => {
    for (const target of [
      "guides/setup.html",
      pathToFileURL(path.join(root, "site", "guides", "setup.html")).href,
    ]) {
      const tab = await open(target);
      await tab.waitForFunction(() => document.documentElement.dataset.widget === "ran");
      const border = await tab.evaluate(
        () => getComputedStyle(document.querySelector("#navbar") as Element).borderBottomColor,
      );
      expect(border, target).toBe("rgb(255, 0, 0)");
      await tab.close();
    }
  });
});

describe("the tab bar's menu in a browser", () => {
  it("opens as a dropdown and leads to the item's first page", async () => {
    const tab = await open("index.html");
    const item = tab.locator(".nav-dropdown-item", { hasText: "SDKs" });
    expect(await item.isVisible()).toBe(false);
    await tab.locator(".tab-menu > summary").click();
    expect(await item.isVisible()).toBe(true);
    await item.click();
    await tab.waitForURL(/\/docs\/sdk\/node\.html$/);
    expect(await tab.locator("#page-title").textContent()).toBe("Node SDK");
    await tab.close();
  });
});

describe("the 404 page in a browser", () => {
  it("sends the reader to the site's home page with errors.404.redirect, from any depth under a prefix", async () => {
    const tab = await context.newPage();
    await tab.goto(`${redirecting.url}old/section/gone`);
    await tab.waitForURL(/\/help\/index\.html$/);
    expect(await tab.locator("#page-title").textContent()).toBe("Welcome home");
    await tab.close();
  });

  it("shows the site's chrome and errors.404 at any depth under a prefix, its links leading into the site", async () => {
    const tab = await open("guides/deep/gone/missing-page");
    expect(await tab.locator("#page-title").textContent()).toBe("Nothing here");
    // The theme's stylesheet applied: the navbar sticks, the sidebar lists the default section.
    expect(
      await tab.evaluate(
        () => getComputedStyle(document.querySelector("#navbar") as Element).position,
      ),
    ).toBe("sticky");
    expect(await tab.locator("#sidebar .nav-link", { hasText: "Setup" }).isVisible()).toBe(true);
    await tab.locator(".not-found-description a").click();
    await tab.waitForURL(/\/docs\/guides\/setup\.html$/);
    expect(await tab.locator("#page-title").textContent()).toBe("Setup");
    await tab.close();
  });
});
