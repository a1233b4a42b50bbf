import { describe, expect, it } from "vitest";
import {
  buildTailwindCss,
  collectSourceCandidates,
} from "../../../src/exporter/custom/tailwind.ts";
import { foldLegacyOpacity } from "../../../src/exporter/mdx/legacy-opacity.ts";
import { renderPage } from "../../helpers/render-page.ts";

const SCOPE = ":is(.prose,.custom-content)";

describe("Tailwind's important modifier", () => {
  it("is read in a component's source before, after and between variants", () => {
    expect(
      collectSourceCandidates(
        'const answer = ok ? "dark:!text-green-400 !mt-0" : "text-red-600! md:!flex";',
      ),
    ).toEqual(["dark:!text-green-400", "!mt-0", "text-red-600!", "md:!flex"]);
  });

  it("generates !important rules, in dark mode too", async () => {
    const css = await buildTailwindCss(["!text-red-600", "dark:!text-green-400", "text-blue-600!"]);
    expect(css).toContain(`${SCOPE} .\\!text-red-600{color:var(--color-red-600)!important}`);
    expect(css).toContain(`${SCOPE} .text-blue-600\\!{color:var(--color-blue-600)!important}`);
    expect(css).toMatch(
      /\.dark\\:\\!text-green-400:where\(\[data-theme=dark\][^{]*\{color:var\(--color-green-400\)!important\}/,
    );
  });
});

describe("Tailwind v3 syntax of pages written for Mintlify", () => {
  it("folds v3 opacity classes into the element's colour, as Tailwind's upgrade does", () => {
    expect(
      foldLegacyOpacity([
        "p-4",
        "bg-red-500",
        "bg-opacity-50",
        "hover:bg-opacity-75",
        "dark:bg-blue-500",
        "dark:bg-opacity-25",
        "text-white",
        "text-opacity-[.35]",
        "border-t-gray-200",
        "border-opacity-10",
      ]),
    ).toEqual([
      "p-4",
      "bg-red-500/50",
      "dark:bg-blue-500/25",
      "text-white/[.35]",
      "border-t-gray-200/10",
      "hover:bg-red-500/75",
    ]);
    // Without a colour on the element there is nothing to fold into; other classes stay.
    expect(foldLegacyOpacity(["bg-opacity-50", "bg-cover", "flex"])).toEqual([
      "bg-opacity-50",
      "bg-cover",
      "flex",
    ]);
  });

  it("rewrites an element's classes in the page and takes the folded ones as candidates", async () => {
    const body = await renderPage({
      "index.mdx":
        '<div className="bg-black bg-opacity-50 text-white text-opacity-75 p-2">Overlay</div>\n',
    });
    expect(body.html).toContain('<div class="bg-black/50 text-white/75 p-2">Overlay</div>');
    expect(body.classes).toEqual(["bg-black/50", "p-2", "text-white/75"]);
  });

  it("writes space and divide utilities as v3 did, and reads arbitrary values with underscores", async () => {
    const css = await buildTailwindCss([
      "space-y-4",
      "md:space-x-2",
      "divide-y",
      "dark:divide-gray-800",
      "grid-cols-[1fr_2fr]",
    ]);
    expect(css).not.toContain(":where(:is(");
    // Every child after the first is spaced from the one before, with the selector's weight.
    expect(css).toContain(
      `${SCOPE} .space-y-4>:not([hidden])~:not([hidden]){--tw-space-y-reverse: 0;margin-block-end:calc(calc(var(--spacing) * 4) * var(--tw-space-y-reverse));margin-block-start:calc(calc(var(--spacing) * 4) * calc(1 - var(--tw-space-y-reverse)))}`,
    );
    expect(css).toContain(`${SCOPE} .md\\:space-x-2>:not([hidden])~:not([hidden]){`);
    expect(css).toMatch(
      /\.divide-y>:not\(\[hidden\]\)~:not\(\[hidden\]\)\{[^}]*border-bottom-width:calc\(1px \* var\(--tw-divide-y-reverse\)\)/,
    );
    expect(css).toMatch(
      /\.dark\\:divide-gray-800:where\(\[data-theme=dark\][^{]*>:not\(\[hidden\]\)~:not\(\[hidden\]\)\{border-color/,
    );
    expect(css).toContain("grid-template-columns:1fr 2fr");
  });
});
