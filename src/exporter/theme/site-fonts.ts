import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Problem } from "../problems.ts";
import type { DeploymentType, FontSetting, SiteConfig, ThemeName } from "../site/types.ts";
import type { AssetFile } from "./build-assets.ts";

const require = createRequire(import.meta.url);

/**
 * The fonts each theme sets its text in when docs.json names none; all ship with Quire. The
 * theme's stylesheet layer names the same families (`--quire-theme-font`), with its fallbacks.
 */
export const THEME_FONTS: Record<ThemeName, { body: string; heading: string }> = {
  mint: { body: "Inter", heading: "Inter" },
  maple: { body: "Geist", heading: "Geist" },
  palm: { body: "DM Sans", heading: "DM Sans" },
  willow: { body: "Inter", heading: "Inter" },
  linden: { body: "JetBrains Mono", heading: "JetBrains Mono" },
  almond: { body: "DM Sans", heading: "DM Sans" },
  aspen: { body: "Inter", heading: "Inter" },
  luma: { body: "Geist", heading: "Geist" },
  sequoia: { body: "Inter", heading: "Source Serif 4" },
};

export interface SiteFontResult {
  /** `@font-face` rules, URLs relative to the site stylesheet in `_quire/`. */
  css: string;
  /** Font files of Quire's own packages, copied under `_quire/fonts/`. */
  files: AssetFile[];
  /** Repository font files the rules name, published at their own paths. */
  assets: string[];
  /** Stylesheets of another host (Google Fonts) that pages link, where the deployment allows. */
  stylesheets: string[];
  /**
   * The CSS `font-family` of body text and of headings when docs.json names a font: the family,
   * then the theme's own font. Absent, the theme's stylesheet layer decides.
   */
  body?: string;
  heading?: string;
}

/**
 * Where each font of the site comes from. The theme's own fonts ship in the bundle from npm
 * `@fontsource-variable/*` packages, for every deployment: they are Quire's, and loading them
 * from the bundle needs no other host. A family docs.json names comes:
 * - from the repository when it gives a `source` path (published beside the pages);
 * - from its `source` URL, or from Google Fonts, in cloud and client-hosted sites (which keep
 *   other hosts' images too), as Mintlify loads it;
 * - in an air-gapped site, from the bundle when Quire ships the family, and otherwise not at
 *   all: the text falls back to the theme's font, with a warning naming the family.
 */
export function resolveSiteFonts(
  config: Pick<SiteConfig, "theme" | "fonts" | "sourceFile">,
  deployment: DeploymentType,
  publishable: (file: string) => boolean,
  problems: Problem[],
): SiteFontResult {
  const theme = THEME_FONTS[config.theme];
  const faces: string[] = [];
  const files = new Map<string, AssetFile>();
  const assets: string[] = [];
  const google = new Map<string, Set<number>>();
  const bundled = new Set<string>();
  const warn = (message: string): void => {
    problems.push({
      severity: "warning",
      rule: "font",
      file: config.sourceFile,
      message: `${config.sourceFile}: fonts: ${message}`,
    });
  };
  const bundle = (family: string): boolean => {
    if (bundled.has(family)) return true;
    const shipped = shippedFont(family);
    if (!shipped) return false;
    faces.push(shipped.css);
    for (const file of shipped.files) files.set(file.path, file);
    bundled.add(family);
    return true;
  };

  const themeVariable = (part: "body" | "heading"): string =>
    part === "body" ? "var(--quire-theme-font)" : "var(--quire-theme-font-heading)";

  const resolve = (part: "body" | "heading", font: FontSetting | undefined): string | undefined => {
    const themeFamily = theme[part];
    bundle(themeFamily);
    if (!font) return undefined;
    const own = `${cssString(font.family)}, ${themeVariable(part)}`;
    if (font.source) {
      const url = fontUrl(font.source, deployment, publishable);
      if (url.kind === "local") {
        if (!assets.includes(url.file)) assets.push(url.file);
        faces.push(fontFace(font, encodeURI(`../${url.file}`)));
        return own;
      }
      if (url.kind === "remote") {
        faces.push(fontFace(font, url.href));
        return own;
      }
      warn(url.reason);
    } else if (deployment !== "air-gapped") {
      const weights = google.get(font.family) ?? new Set([400, 500, 600, 700]);
      if (font.weight && Number.isInteger(font.weight)) weights.add(font.weight);
      google.set(font.family, weights);
      return own;
    }
    if (bundle(font.family)) return own;
    warn(
      `"${font.family}" is not shipped with Quire, and an air-gapped site loads no font from another host; the text uses the theme's font (${themeFamily})`,
    );
    return undefined;
  };

  const body = resolve("body", config.fonts.body);
  const heading = resolve("heading", config.fonts.heading);
  const stylesheets =
    google.size > 0
      ? [
          `https://fonts.googleapis.com/css2?${[...google]
            .map(
              ([family, weights]) =>
                `family=${encodeURIComponent(family).replace(/%20/g, "+")}:wght@${[...weights].sort((a, b) => a - b).join(";")}`,
            )
            .join("&")}&display=swap`,
        ]
      : [];
  return {
    css: faces.join("\n"),
    files: [...files.values()],
    assets,
    stylesheets,
    ...(body ? { body } : {}),
    ...(heading ? { heading } : {}),
  };
}

type FontUrl =
  | { kind: "local"; file: string }
  | { kind: "remote"; href: string }
  | { kind: "none"; reason: string };

function fontUrl(
  source: string,
  deployment: DeploymentType,
  publishable: (file: string) => boolean,
): FontUrl {
  if (/^https?:\/\//i.test(source) || source.startsWith("//")) {
    if (deployment !== "air-gapped") return { kind: "remote", href: source };
    return {
      kind: "none",
      reason: `${source} is on another host, and an air-gapped site loads nothing from one; add the file to the repository and name its path`,
    };
  }
  const file = source.replace(/^\.?\/+/, "");
  if (file.split("/").includes("..") || !publishable(file))
    return { kind: "none", reason: `${source} is not a file of the repository` };
  return { kind: "local", file };
}

function fontFace(font: FontSetting, url: string): string {
  const weight = font.weight ? `font-weight:${font.weight};` : "";
  return `@font-face{font-family:${cssString(font.family)};src:url(${cssString(url)}) format(${cssString(font.format ?? "woff2")});${weight}font-display:swap}`;
}

/** A CSS string literal: quotes, backslashes and line breaks escaped, so nothing leaves it. */
export function cssString(text: string): string {
  return `"${text.replace(/["\\\n\r\f]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`;
}

interface ShippedFont {
  css: string;
  files: AssetFile[];
}

const shippedCache = new Map<string, ShippedFont | undefined>();

/**
 * A family Quire ships, from its `@fontsource-variable/<name>` package: one variable file per
 * script subset and style, each declared with its unicode-range so a browser loads only the
 * subsets a page's text uses. Undefined when no such package is installed.
 */
export function shippedFont(family: string): ShippedFont | undefined {
  const slug = family.toLowerCase().trim().replace(/\s+/g, "-");
  if (shippedCache.has(slug)) return shippedCache.get(slug);
  let found: ShippedFont | undefined;
  try {
    const folder = path.dirname(require.resolve(`@fontsource-variable/${slug}/package.json`));
    const metadata = JSON.parse(readFileSync(path.join(folder, "metadata.json"), "utf8")) as {
      id: string;
      family: string;
      subsets: string[];
      styles: string[];
      version: string;
      variable?: { wght?: { min: string; max: string } };
    };
    const ranges = JSON.parse(readFileSync(path.join(folder, "unicode.json"), "utf8")) as Record<
      string,
      string
    >;
    const weights = metadata.variable?.wght
      ? `${metadata.variable.wght.min} ${metadata.variable.wght.max}`
      : "400";
    const faces: string[] = [];
    const files: AssetFile[] = [];
    const target = `_quire/fonts/${metadata.id}-${metadata.version}`;
    for (const style of metadata.styles) {
      for (const subset of metadata.subsets) {
        const name = `${metadata.id}-${subset}-wght-${style}.woff2`;
        const file = path.join(folder, "files", name);
        const range = ranges[subset];
        if (!range || !existsSync(file)) continue;
        files.push({ path: `${target}/${name}`, content: readFileSync(file) });
        faces.push(
          `@font-face{font-family:${cssString(family)};font-style:${style};font-weight:${weights};font-display:swap;src:url(${cssString(`fonts/${metadata.id}-${metadata.version}/${name}`)}) format("woff2");unicode-range:${range}}`,
        );
      }
    }
    found = files.length > 0 ? { css: faces.join("\n"), files } : undefined;
  } catch {
    found = undefined;
  }
  shippedCache.set(slug, found);
  return found;
}
