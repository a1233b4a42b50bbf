/**
 * Screenshots of the sample site in `examples/docs` in every theme, light and dark, at 1280 and
 * 390 px wide, into docs/screenshots/themes/ (`npm run screenshots:themes`). Each theme is a
 * fresh export of the sample with its docs.json `theme` changed, served on 127.0.0.1 by a plain
 * static server; Chromium opens its quickstart page.
 *
 * `npm run screenshots:themes -- linden maple` shoots only those themes; `--page=PATH` another
 * page of the sample (`--page=components/cards`).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportSite } from "../src/exporter/export-site.ts";
import { THEME_NAMES } from "../src/exporter/site/types.ts";
import { launchBrowser, serveFolder } from "../test/helpers/browser.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "docs", "screenshots", "themes");
const WIDTHS = [1280, 390];
const MODES = ["light", "dark"] as const;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const page = args.find((arg) => arg.startsWith("--page="))?.slice(7) ?? "quickstart";
  const chosen = args.filter((arg) => !arg.startsWith("--"));
  const themes = THEME_NAMES.filter((theme) => chosen.length === 0 || chosen.includes(theme));
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-theme-shots-"));
  mkdirSync(OUTPUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const theme of themes) {
      const source = path.join(work, theme, "source");
      cpSync(path.join(root, "examples", "docs"), source, { recursive: true });
      const docsFile = path.join(source, "docs.json");
      const docs = JSON.parse(readFileSync(docsFile, "utf8")) as Record<string, unknown>;
      writeFileSync(docsFile, JSON.stringify({ ...docs, theme }, null, 2));
      const site = path.join(work, theme, "site");
      await exportSite({ sourceDir: source, outputDir: site, concurrency: 1 });
      const server = await serveFolder(site);
      try {
        for (const mode of MODES) {
          for (const width of WIDTHS) {
            const context = await browser.newContext({
              viewport: { width, height: width > 600 ? 860 : 844 },
              colorScheme: mode,
              deviceScaleFactor: 1,
            });
            const tab = await context.newPage();
            await tab.goto(`${server.url}${page}.html`);
            await tab.waitForFunction(() => document.fonts.status === "loaded");
            await tab.waitForTimeout(150);
            const file = path.join(OUTPUT, `${theme}-${mode}-${width}.png`);
            await tab.screenshot({ path: file });
            console.log(path.relative(root, file));
            await context.close();
          }
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
