import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import type { DeploymentType, SiteFonts, ThemeName } from "../../../src/exporter/site/types.ts";
import { resolveSiteFonts, THEME_FONTS } from "../../../src/exporter/theme/site-fonts.ts";

function fontsOf(
  theme: ThemeName,
  fonts: SiteFonts,
  deployment: DeploymentType = "cloud",
  files: string[] = [],
) {
  const problems: Problem[] = [];
  const result = resolveSiteFonts(
    { theme, fonts, sourceFile: "docs.json" },
    deployment,
    (file) => files.includes(file),
    problems,
  );
  return { ...result, messages: problems.map((problem) => problem.message) };
}

describe("the site's fonts", () => {
  it("ships each theme's own font in the bundle, subset by subset, with relative URLs", () => {
    const mint = fontsOf("mint", {});
    // The theme's stylesheet layer names its font: the site stylesheet names none.
    expect(mint.body).toBeUndefined();
    expect(mint.heading).toBeUndefined();
    expect(mint.files.map((file) => file.path)).toContain(
      "_quire/fonts/inter-v20/inter-latin-wght-normal.woff2",
    );
    expect(mint.css).toContain(
      '@font-face{font-family:"Inter";font-style:normal;font-weight:100 900;font-display:swap;src:url("fonts/inter-v20/inter-latin-wght-normal.woff2") format("woff2");unicode-range:',
    );
    expect(mint.stylesheets).toEqual([]);
    expect(fontsOf("linden", {}).files.map((file) => file.path)).toContain(
      "_quire/fonts/jetbrains-mono-v24/jetbrains-mono-latin-wght-normal.woff2",
    );
    const sequoia = fontsOf("sequoia", {}).files.map((file) => file.path);
    expect(sequoia.some((file) => file.includes("/source-serif-4-"))).toBe(true);
    expect(sequoia.some((file) => file.includes("/inter-"))).toBe(true);
  });

  it("bundles the very families each theme's stylesheet layer names", () => {
    for (const [theme, { body, heading }] of Object.entries(THEME_FONTS)) {
      const layer = readFileSync(`src/exporter/theme/styles/themes/${theme}.css`, "utf8").replace(
        /\s+/g,
        " ",
      );
      expect(layer, theme).toContain(`--quire-theme-font: "${body}",`);
      if (heading !== body)
        expect(layer, theme).toContain(`--quire-theme-font-heading: "${heading}",`);
    }
  });

  it("links a Google Fonts family in a cloud or client-hosted site, falling back to the theme's font", () => {
    for (const deployment of ["cloud", "client-hosted"] as const) {
      const result = fontsOf(
        "maple",
        { heading: { family: "Playfair Display", weight: 800 }, body: { family: "Open Sans" } },
        deployment,
      );
      expect(result.stylesheets).toEqual([
        "https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;500;600;700&family=Playfair+Display:wght@400;500;600;700;800&display=swap",
      ]);
      expect(result.heading).toBe('"Playfair Display", var(--quire-theme-font-heading)');
      expect(result.body).toBe('"Open Sans", var(--quire-theme-font)');
      expect(result.messages).toEqual([]);
    }
  });

  it("ships a family Quire has in an air-gapped site, and otherwise uses the theme's font with a warning", () => {
    const shipped = fontsOf("mint", { body: { family: "Roboto" } }, "air-gapped");
    expect(shipped.stylesheets).toEqual([]);
    expect(shipped.body).toBe('"Roboto", var(--quire-theme-font)');
    expect(shipped.files.some((file) => file.path.includes("/roboto-"))).toBe(true);
    const missing = fontsOf("mint", { body: { family: "Lobster" } }, "air-gapped");
    expect(missing.body).toBeUndefined();
    expect(missing.stylesheets).toEqual([]);
    expect(missing.messages).toEqual([
      `docs.json: fonts: "Lobster" is not shipped with Quire, and an air-gapped site loads no font from another host; the text uses the theme's font (Inter)`,
    ]);
  });

  it("declares a font file of the repository relative to the site stylesheet, and publishes it", () => {
    const result = fontsOf(
      "mint",
      {
        heading: {
          family: "Brand",
          source: "/fonts/Brand Bold.woff2",
          format: "woff2",
          weight: 700,
        },
      },
      "air-gapped",
      ["fonts/Brand Bold.woff2"],
    );
    expect(result.assets).toEqual(["fonts/Brand Bold.woff2"]);
    expect(result.css).toContain(
      '@font-face{font-family:"Brand";src:url("../fonts/Brand%20Bold.woff2") format("woff2");font-weight:700;font-display:swap}',
    );
    expect(result.heading).toBe('"Brand", var(--quire-theme-font-heading)');
  });

  it("leaves out a font file on another host in an air-gapped site, and one the repository lacks", () => {
    const remote = {
      family: "Hubot Sans",
      source: "https://cdn.example.com/hubot.woff2",
      format: "woff2" as const,
    };
    expect(fontsOf("mint", { body: remote }, "cloud").css).toContain(
      'src:url("https://cdn.example.com/hubot.woff2")',
    );
    const airGapped = fontsOf("mint", { body: remote }, "air-gapped");
    expect(airGapped.css).not.toContain("cdn.example.com");
    expect(airGapped.messages[0]).toMatch(
      /https:\/\/cdn\.example\.com\/hubot\.woff2 is on another host/,
    );
    const absent = fontsOf("mint", {
      body: { family: "X", source: "/fonts/x.woff2", format: "woff2" },
    });
    expect(absent.assets).toEqual([]);
    expect(absent.messages[0]).toMatch(/\/fonts\/x\.woff2 is not a file of the repository/);
  });
});
