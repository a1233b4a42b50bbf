import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import type { DeploymentType } from "../../../src/exporter/site/types.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

const SITE = {
  "docs.json": JSON.stringify({
    name: "Look",
    theme: "linden",
    colors: { primary: "#16A34A" },
    fonts: {
      heading: { family: "Brand", source: "/fonts/brand.woff2", format: "woff2" },
      body: { family: "Open Sans" },
    },
    background: { decoration: "grid", image: "/images/bg.png" },
    styling: { latex: true },
    errors: { "404": { title: "Nothing here", description: "Go [home](/)." } },
    navigation: { groups: [{ group: "Start", pages: ["index", "guides/setup"] }] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nHello.\n",
  "guides/setup.mdx": "---\ntitle: Setup\n---\n\nSteps.\n",
  "fonts/brand.woff2": "not really a font",
  "images/bg.png": PNG,
  "images/hero.png": PNG,
  "style/custom.css":
    '@import url("https://fonts.googleapis.com/css2?family=Inter");#navbar{border-bottom:3px solid red}.hero{background:url(/images/hero.png)}',
  "widget.js":
    "document.documentElement.dataset.widget='ran';fetch('https://api.example.com/ping');",
  "snippets/thing.js": "export const x = 1;",
};

async function exportAs(deployment: DeploymentType) {
  const outputDir = path.join(makeTempDir(), "site");
  const result = await exportSite({ sourceDir: makeRepo(SITE), outputDir, deployment });
  const read = (file: string) => readFileSync(path.join(outputDir, file), "utf8");
  const files = (readdirSync(outputDir, { recursive: true }) as string[]).map((file) =>
    file.split(path.sep).join("/"),
  );
  return { outputDir, result, read, files };
}

describe("a site's look in the bundle", () => {
  it("publishes the theme's fonts, the repository's font and images, and its own stylesheets and scripts", async () => {
    const { read, files, result } = await exportAs("cloud");
    expect(
      files.some((file) =>
        /^_quire\/fonts\/jetbrains-mono-v\d+\/jetbrains-mono-latin-wght-normal\.woff2$/.test(file),
      ),
    ).toBe(true);
    for (const file of [
      "fonts/brand.woff2",
      "images/bg.png",
      "images/hero.png",
      "style/custom.css",
      "widget.js",
    ])
      expect(files, file).toContain(file);
    expect(files).not.toContain("snippets/thing.js");
    const siteCss = files.find((file) => /^_quire\/site\.[0-9a-f]+\.css$/.test(file)) as string;
    const css = read(siteCss);
    expect(css).toContain('src:url("../fonts/brand.woff2") format("woff2")');
    expect(css).toContain('--quire-bg-image:url("../images/bg.png")');
    expect(read("style/custom.css")).toContain("url(../images/hero.png)");
    const page = read("guides/setup.html");
    expect(page).toMatch(/<html [^>]*class="theme-linden mode-default bg-grid bg-image"/);
    expect(page).toContain('<link rel="stylesheet" href="../style/custom.css">');
    expect(page).toContain('<script src="../widget.js" defer></script>');
    expect(page).toContain(
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;500;600;700&amp;display=swap" crossorigin="anonymous">',
    );
    // styling.latex: KaTeX ships although no page has math.
    expect(page).toContain("katex.min.css");
    expect(files.some((file) => file.endsWith("katex.min.css"))).toBe(true);
    expect(result.manifest.customScripts).toEqual(["widget.js"]);
    expect(result.manifest.customStylesheets).toEqual(["style/custom.css"]);
    expect(result.warnings.filter((warning) => warning.rule === "unused-file")).toEqual([]);
  });

  it("loads nothing from another host in an air-gapped bundle, and says what it left out", async () => {
    const { read, files, result } = await exportAs("air-gapped");
    const foreign: string[] = [];
    for (const file of files.filter((name) => /\.(html|css)$/.test(name))) {
      const text = read(file);
      for (const match of text.matchAll(
        /(?:src|href)="((?:https?:)?\/\/[^"]*)"|url\(\s*["']?((?:https?:)?\/\/[^"')]*)/g,
      ))
        foreign.push(`${file}: ${match[1] ?? match[2]}`);
      for (const match of text.matchAll(/@import\s+(?:url\()?\s*["']?((?:https?:)?\/\/[^"')]*)/g))
        foreign.push(`${file}: ${match[1]}`);
    }
    // Links a reader follows may lead anywhere; nothing that loads may.
    expect(foreign.filter((entry) => !/<a /.test(entry))).toEqual([]);
    expect(files.some((file) => file.includes("_quire/fonts/open-sans-"))).toBe(true);
    expect(result.manifest.styleOrigins).toBeUndefined();
    expect(result.manifest.customScripts).toEqual(["widget.js"]);
    const messages = result.warnings.map((warning) => warning.message);
    expect(messages).toContain(
      '"https://fonts.googleapis.com/css2?family=Inter" is left out: an air-gapped site loads nothing from another host',
    );
    expect(
      messages.some((message) => message.includes("names other hosts (api.example.com)")),
    ).toBe(true);
  });

  it("writes 404.html in the site's chrome with errors.404's words", async () => {
    const { read } = await exportAs("cloud");
    const html = read("404.html");
    expect(html).toContain(
      '<h1 id="page-title" class="page-title not-found-title">Nothing here</h1>',
    );
    expect(html).toContain(
      '<p class="not-found-description">Go <a href="index.html">home</a>.</p>',
    );
    expect(html).toContain('id="sidebar"');
    expect(html).toContain('<script src="widget.js" defer></script>');
  });

  it("lists the 404 page's own inline scripts among the hashes a server may allow", async () => {
    const { read, result } = await exportAs("cloud");
    const inline = [...read("404.html").matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] as string,
    );
    const { createHash } = await import("node:crypto");
    for (const script of inline)
      expect(result.manifest.scriptHashes).toContain(
        `sha256-${createHash("sha256").update(script).digest("base64")}`,
      );
    expect(existsSync(path.join(result.outputDir, "quire-export.json"))).toBe(true);
  });
});
