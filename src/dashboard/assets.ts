import { hash } from "node:crypto";
import { readFileSync } from "node:fs";

/** One file of the dashboard's own, served from memory under a content-hashed name. */
export interface Asset {
  /** `/dashboard/assets/dashboard.<hash>.css` */
  url: string;
  type: string;
  body: Buffer;
}

export interface DashboardAssets {
  css: Asset;
  js: Asset;
  icon: Asset;
  byName: Map<string, Asset>;
}

function load(file: string, type: string, prefix: string): Asset {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const digest = hash("sha256", body, "hex").slice(0, 12);
  const [base, extension] = file.split(".") as [string, string];
  return { url: `${prefix}/assets/${base}.${digest}.${extension}`, type, body };
}

/**
 * The stylesheet, the script and the icon, read once from the package (no build step, nothing fetched
 * from anywhere else). Their names carry a hash of their content, so browsers may keep them.
 */
export function loadAssets(prefix: string): DashboardAssets {
  const css = load("dashboard.css", "text/css; charset=utf-8", prefix);
  const js = load("dashboard.js", "text/javascript; charset=utf-8", prefix);
  const icon = load("favicon.svg", "image/svg+xml", prefix);
  const byName = new Map<string, Asset>();
  for (const asset of [css, js, icon]) byName.set(asset.url.split("/").at(-1) as string, asset);
  return { css, js, icon, byName };
}
