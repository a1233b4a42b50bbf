import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildTailwindCss,
  needsTailwindStylesheet,
  THEME_UTILITIES,
  tailwindUtilities,
} from "../../../src/exporter/custom/tailwind.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { makeTempDir } from "../../helpers/temp-repo.ts";

const SCOPE = ":is(.prose,.custom-content)";

/** The selectors of every style rule in minified CSS (keyframe steps and at-rule preludes left out). */
function styleRuleSelectors(css: string): string[] {
  const withoutKeyframes = css.replace(/@keyframes [^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, "");
  const selectors: string[] = [];
  for (const match of withoutKeyframes.matchAll(/(?:^|[{};])\s*([^{};@]+)\{/g)) {
    const prelude = (match[1] ?? "").replace(/^\/\*.*?\*\//, "").trim();
    if (prelude) selectors.push(prelude);
  }
  return selectors;
}

describe("the Tailwind candidates of a page", () => {
  it("are the class names its author wrote in MDX and raw HTML, once each and sorted", async () => {
    const body = await renderPage({
      "index.mdx":
        '<div className="flex gap-4 min-w-[4rem]"><span className="gap-4  dark:bg-zinc-900">x</span><p className="code-block">y</p></div>\n',
    });
    expect(body.classes).toEqual([
      "code-block",
      "dark:bg-zinc-900",
      "flex",
      "gap-4",
      "min-w-[4rem]",
    ]);
  });

  it("decode entities in raw HTML (arbitrary variants use `&`)", async () => {
    const body = await renderPage(
      { "index.md": '<ul class="[&#x26;>li]:mt-2 [&amp;_p]:m-0"><li>x</li></ul>\n' },
      "index.md",
    );
    expect(body.classes).toEqual(["[&>li]:mt-2", "[&_p]:m-0"]);
  });

  it("leave out Quire's own components, code samples and class attributes written as text", async () => {
    const body = await renderPage({
      "index.mdx": [
        "<Note>A note</Note>",
        "",
        '<Steps><Step title="One">Do it</Step></Steps>',
        "",
        'Write `<div class="p-9">` in your page.',
        "",
        "```html",
        '<b class="m-8">sample</b>',
        "```",
        "",
        '<a data-class="m-7" title=\'class="m-6"\' className="underline" href="https://example.com">link</a>',
        "",
      ].join("\n"),
    });
    expect(body.html).toContain("callout");
    expect(body.classes).toEqual(["underline"]);
  });
});

describe("tailwindUtilities", () => {
  it("keeps only the class names Tailwind turns into CSS", async () => {
    const utilities = await tailwindUtilities([
      "code-block",
      "flex",
      "callout",
      "md:grid-cols-2",
      "prose",
      "min-w-[4rem]",
      "card",
    ]);
    expect(utilities).toEqual(["flex", "md:grid-cols-2", "min-w-[4rem]"]);
  });

  it("recognises, among the theme's own class names, only the utilities its stylesheet already defines", async () => {
    const styles = path.join(import.meta.dirname, "../../../src/exporter/theme/styles");
    const files = [
      ...readdirSync(styles)
        .filter((file) => file.endsWith(".css"))
        .map((file) => path.join(styles, file)),
      ...readdirSync(path.join(styles, "components")).map((file) =>
        path.join(styles, "components", file),
      ),
    ];
    const names = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(
        /\.(-?[a-zA-Z_](?:\\.|[a-zA-Z0-9_-])*)/g,
      ))
        names.add((match[1] ?? "").replace(/\\/g, ""));
    }
    expect(names.size).toBeGreaterThan(100);
    const utilities = await tailwindUtilities(names);
    for (const utility of utilities) expect(THEME_UTILITIES.has(utility), utility).toBe(true);
    expect(needsTailwindStylesheet(utilities)).toBe(false);
    expect(needsTailwindStylesheet(["block", "dark:hidden", "p-4"])).toBe(true);
  });
});

describe("buildTailwindCss", () => {
  it("generates arbitrary values, responsive and dark variants, under the content container", async () => {
    const css = await buildTailwindCss([
      "flex",
      "min-w-[4rem]",
      "md:grid-cols-2",
      "dark:bg-zinc-900",
      "code-block",
    ]);
    expect(css).toContain(`${SCOPE} .min-w-\\[4rem\\]{min-width:4rem}`);
    expect(css).toContain(
      `@media(min-width:48rem){${SCOPE} .md\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}`,
    );
    expect(css).toContain(
      `${SCOPE} .dark\\:bg-zinc-900:where([data-theme=dark],[data-theme=dark] *){background-color:var(--color-zinc-900)}`,
    );
    expect(css).toContain(`${SCOPE} .flex{display:flex}`);
    // Quire's own class names produce nothing.
    expect(css).not.toContain("code-block");
  });

  it("has no preflight reset and nothing outside the content container", async () => {
    const css = await buildTailwindCss([
      "p-4",
      "shadow-lg",
      "space-x-4",
      "group-hover:text-red-500",
      "*:p-2",
      "animate-spin",
      "ring-2",
      "[&>li]:mt-2",
    ]);
    expect(css).not.toMatch(/box-sizing:border-box/);
    expect(css).not.toMatch(/(^|[{}])\s*\*,\s*:?:before/);
    expect(css).not.toMatch(/(^|[{}])(html|body|:root|:host)\b/);
    const selectors = styleRuleSelectors(css);
    expect(selectors.length).toBeGreaterThan(8);
    for (const selector of selectors) {
      for (const part of selector.split(/,(?![^(]*\))/)) expect(part, selector).toContain(SCOPE);
    }
    // The theme variables are set on the container, not the document.
    expect(css).toMatch(new RegExp(`${SCOPE.replace(/[().]/g, "\\$&")}\\{--color-red-500:`));
  });

  it("is empty when no class is a utility", async () => {
    await expect(buildTailwindCss(["code-block", "callout", "prose", "card"])).resolves.toBe("");
    await expect(buildTailwindCss([])).resolves.toBe("");
  });
});

describe("the compiler's answers in the export cache", () => {
  it("keeps which class names are utilities and the stylesheet built, and reads them back", async () => {
    const cacheDir = makeTempDir();
    const css = await buildTailwindCss(["flex", "code-block", "p-4"], cacheDir);
    const folder = path.join(
      cacheDir,
      "tailwind",
      readdirSync(path.join(cacheDir, "tailwind"))[0] as string,
    );
    const known = JSON.parse(readFileSync(path.join(folder, "classes.json"), "utf8"));
    expect(known).toEqual({ utilities: ["flex", "p-4"], others: ["code-block"] });
    const [stylesheet] = readdirSync(folder).filter((file) => file.endsWith(".css"));
    expect(readFileSync(path.join(folder, stylesheet as string), "utf8")).toBe(css);

    // What the cache says is what counts: the compiler is not asked again.
    writeFileSync(
      path.join(folder, "classes.json"),
      JSON.stringify({ utilities: ["code-block"], others: ["flex"] }),
    );
    await expect(tailwindUtilities(["flex", "code-block"], cacheDir)).resolves.toEqual([
      "code-block",
    ]);
    writeFileSync(path.join(folder, stylesheet as string), "/* cached */");
    await expect(buildTailwindCss(["p-4", "flex", "code-block"], cacheDir)).resolves.not.toBe(
      "/* cached */",
    );
    writeFileSync(
      path.join(folder, "classes.json"),
      JSON.stringify({ utilities: ["flex", "p-4"], others: [] }),
    );
    await expect(buildTailwindCss(["p-4", "flex"], cacheDir)).resolves.toBe("/* cached */");
  });
});
