import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildThemeAssets } from "../../../src/exporter/theme/build-assets.ts";

const themeFolder = path.resolve("src/exporter/theme");

function text(content: string | Buffer): string {
  return typeof content === "string" ? content : content.toString("utf8");
}

describe("the theme's assets", () => {
  it("are one stylesheet and one script with content-hashed names under _quire/", async () => {
    const { files, paths } = await buildThemeAssets();
    expect(files.map((file) => file.path)).toEqual([paths.css, paths.script]);
    expect(paths.css).toMatch(/^_quire\/quire\.[0-9a-f]{8,}\.css$/);
    expect(paths.script).toMatch(/^_quire\/quire\.[0-9a-f]{8,}\.js$/);
  });

  it("are built once per process", async () => {
    expect(await buildThemeAssets()).toBe(await buildThemeAssets());
  });

  it("put the tokens first and every component's stylesheet after them, minified", async () => {
    const { files, paths } = await buildThemeAssets();
    const css = text(files.find((file) => file.path === paths.css)?.content ?? "");
    expect(css.split("\n").length).toBeLessThan(5);
    const componentFiles = readdirSync(path.join(themeFolder, "styles", "components")).filter(
      (file) => file.endsWith(".css"),
    );
    expect(componentFiles.length).toBeGreaterThan(0);
    const tokensAt = css.indexOf("--quire-primary");
    expect(tokensAt).toBeGreaterThanOrEqual(0);
    for (const file of componentFiles) {
      const source = readFileSync(
        path.join(themeFolder, "styles", "components", file),
        "utf8",
      ).replace(/\/\*[\s\S]*?\*\//g, "");
      const classes = [
        ...new Set(
          [...source.matchAll(/(?<![\w)])\.([a-z_-][\w-]*)/gi)].map((match) => `.${match[1]}`),
        ),
      ];
      expect(classes.length, file).toBeGreaterThan(0);
      for (const name of classes)
        expect(css.indexOf(name, tokensAt), `${file} ${name}`).toBeGreaterThan(tokensAt);
    }
  });

  it("bundle every client component into one script that runs without a module loader", async () => {
    const { files, paths } = await buildThemeAssets();
    const script = text(files.find((file) => file.path === paths.script)?.content ?? "");
    expect(script).not.toMatch(/\bimport\s*[{(*"']|\bexport\s*\{/);
    for (const marker of [
      "[data-theme-toggle]",
      "[data-copy-page]",
      "[data-menu-toggle]",
      "[data-banner]",
      "details.switcher",
      ".toc a",
    ]) {
      expect(script, marker).toContain(marker);
    }
  });

  it("ship KaTeX's stylesheet with its woff2 fonts only, every font it names present", async () => {
    const { katexFiles, paths } = await buildThemeAssets();
    const css = text(katexFiles.find((file) => file.path === paths.katexCss)?.content ?? "");
    const fonts = katexFiles
      .filter((file) => file.path !== paths.katexCss)
      .map((file) => file.path);
    expect(fonts.length).toBeGreaterThan(10);
    expect(fonts.every((font) => font.endsWith(".woff2"))).toBe(true);
    const named = [...css.matchAll(/url\(([^)]+)\)/g)].map((match) =>
      path.posix.join(path.posix.dirname(paths.katexCss), match[1] as string),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((font) => !fonts.includes(font))).toEqual([]);
  });

  it("weigh less than 60 KB compressed for a page, stylesheet and script together", async () => {
    const { files } = await buildThemeAssets();
    const compressed = files.reduce((total, file) => total + gzipSync(file.content).length, 0);
    expect(compressed).toBeLessThan(60 * 1024);
  });
});
