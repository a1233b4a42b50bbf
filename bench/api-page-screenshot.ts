/**
 * A screenshot of an API reference page of the sample in `examples/api-docs` at desktop width
 * (1280 px), into docs/screenshots/api-page.png (`npm run screenshots:api`): the endpoint bar
 * with "Try it", the reference on the left and the request and response examples in the
 * sticky column on the right. `--width=390` shoots the phone layout instead (api-page-390.png).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportSite } from "../src/exporter/export-site.ts";
import { launchBrowser, serveFolder } from "../test/helpers/browser.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGE = "api-reference/tasks/create-a-task";

async function main(): Promise<void> {
  const width = Number(
    process.argv.find((arg) => arg.startsWith("--width="))?.slice("--width=".length) ?? 1280,
  );
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-api-shot-"));
  const browser = await launchBrowser();
  try {
    const site = path.join(work, "site");
    await exportSite({
      sourceDir: path.join(root, "examples", "api-docs"),
      outputDir: site,
      concurrency: 1,
    });
    const server = await serveFolder(site);
    try {
      const context = await browser.newContext({
        viewport: { width, height: width > 600 ? 900 : 844 },
        colorScheme: "light",
        deviceScaleFactor: 1,
      });
      const tab = await context.newPage();
      await tab.goto(`${server.url}${PAGE}.html`);
      await tab.waitForFunction(() => document.fonts.status === "loaded");
      await tab.waitForTimeout(150);
      const output = path.join(root, "docs", "screenshots");
      mkdirSync(output, { recursive: true });
      const file = path.join(output, width === 1280 ? "api-page.png" : `api-page-${width}.png`);
      await tab.screenshot({ path: file });
      console.log(path.relative(root, file));
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
