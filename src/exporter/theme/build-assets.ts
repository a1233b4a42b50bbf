import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";
import type { ThemeAssetPaths } from "./layout-types.ts";

export interface AssetFile {
  /** Bundle-relative path. */
  path: string;
  content: string | Buffer;
}

export interface ThemeAssets {
  /** Stylesheet and script: every page uses them. */
  files: AssetFile[];
  /** KaTeX's stylesheet and fonts: written only when a page has math. */
  katexFiles: AssetFile[];
  paths: Omit<ThemeAssetPaths, "mermaidScript" | "searchIndex" | "islandsRuntime" | "siteCss">;
}

const themeFolder = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
let built: Promise<ThemeAssets> | undefined;

/**
 * The theme's stylesheet and client script, minified and content-hashed under `_quire/`,
 * plus KaTeX's stylesheet and fonts. Built once per process (esbuild takes milliseconds).
 */
export function buildThemeAssets(): Promise<ThemeAssets> {
  built ??= buildOnce();
  return built;
}

async function buildOnce(): Promise<ThemeAssets> {
  const [css, script] = await Promise.all([buildStylesheet(), buildClientScript()]);
  const katex = katexAssets();
  const cssPath = hashedPath("_quire/quire", "css", css);
  const scriptPath = hashedPath("_quire/quire", "js", script);
  return {
    files: [
      { path: cssPath, content: css },
      { path: scriptPath, content: script },
    ],
    katexFiles: katex.files,
    paths: { css: cssPath, script: scriptPath, katexCss: katex.cssPath },
  };
}

/**
 * Every .css file of styles/ (sorted), then of styles/components/, then the theme layers of
 * styles/themes/ (each keyed on `.theme-<name>`, so only the site's own applies), minified.
 */
async function buildStylesheet(): Promise<string> {
  const folders = [
    path.join(themeFolder, "styles"),
    path.join(themeFolder, "styles", "components"),
    path.join(themeFolder, "styles", "themes"),
  ];
  const source = folders
    .flatMap((folder) =>
      listFiles(folder, ".css").map(
        (file) => `/* ${path.basename(file)} */\n${readFileSync(file, "utf8")}`,
      ),
    )
    .join("\n");
  const result = await transform(source, {
    loader: "css",
    minify: true,
    target: ["chrome100", "firefox100", "safari15"],
  });
  return result.code;
}

/** The client script: main.ts plus every client/components/*.ts, each `setup(document)` called once. */
async function buildClientScript(): Promise<string> {
  const componentFolder = path.join(themeFolder, "client", "components");
  const components = listFiles(componentFolder, ".ts");
  const entry = [
    `import { start } from ${JSON.stringify(path.join(themeFolder, "client", "main.ts"))};`,
    ...components.map(
      (file, index) => `import { setup as setup${index} } from ${JSON.stringify(file)};`,
    ),
    `start([${components.map((_file, index) => `setup${index}`).join(", ")}]);`,
  ].join("\n");
  const result = await build({
    stdin: {
      contents: entry,
      resolveDir: themeFolder,
      loader: "ts",
      sourcefile: "quire-client-entry.ts",
    },
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: ["chrome100", "firefox100", "safari15"],
    legalComments: "none",
  });
  return result.outputFiles[0]?.text ?? "";
}

/** KaTeX's stylesheet with only its woff2 fonts, for pages with math. */
function katexAssets(): { files: AssetFile[]; cssPath: string } {
  const dist = path.join(path.dirname(require.resolve("katex/package.json")), "dist");
  const css = readFileSync(path.join(dist, "katex.min.css"), "utf8").replace(
    /src:url\((fonts\/[^)]+\.woff2)\) format\("woff2"\)[^;}]*/g,
    'src:url($1) format("woff2")',
  );
  const fonts = readdirSync(path.join(dist, "fonts")).filter((file) => file.endsWith(".woff2"));
  const folder = `_quire/katex-${hash(css).slice(0, 8)}`;
  return {
    cssPath: `${folder}/katex.min.css`,
    files: [
      { path: `${folder}/katex.min.css`, content: css },
      ...fonts.map((font) => ({
        path: `${folder}/fonts/${font}`,
        content: readFileSync(path.join(dist, "fonts", font)),
      })),
    ],
  };
}

function listFiles(folder: string, extension: string): string[] {
  try {
    return readdirSync(folder)
      .filter((file) => file.endsWith(extension))
      .sort()
      .map((file) => path.join(folder, file));
  } catch {
    return [];
  }
}

export function hashedPath(base: string, extension: string, content: string | Buffer): string {
  return `${base}.${hash(content).slice(0, 10)}.${extension}`;
}

function hash(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}
