import { describe, expect, it } from "vitest";
import { siteStylesheet } from "../../../src/exporter/theme/site-style.ts";
import { docs, load } from "../site/config/load-helpers.ts";

const FONTS = { css: "", body: '"Inter", sans-serif', heading: '"Lora", serif' };

function stylesheet(extra: Record<string, unknown>, imageUrl = (file: string) => file) {
  return siteStylesheet(load(docs({ pages: ["index"] }, extra)).config, FONTS, imageUrl);
}

describe("the site stylesheet", () => {
  it("sets the brand colours and fonts over any theme's, in both modes", () => {
    const css = stylesheet({ colors: { primary: "#0D9373", light: "#07C983", dark: "#0A6B54" } });
    expect(css).toContain(
      ':root:root{--quire-primary:#0D9373;--quire-primary-light:#07C983;--quire-primary-dark:#0A6B54;--quire-font:"Inter", sans-serif;--quire-font-heading:"Lora", serif}',
    );
  });

  it("gives each mode its own background colour and image, and only the mode that names one", () => {
    const css = stylesheet(
      {
        background: {
          color: { dark: "#0F172A" },
          image: { light: "/bg/light.png", dark: "/bg/dark.png" },
        },
      },
      (file) => `../${file.slice(1)}`,
    );
    expect(css).toContain(
      ':root:root:not([data-theme="dark"]){--quire-bg-image:url("../bg/light.png")}',
    );
    expect(css).toContain(
      ':root:root[data-theme="dark"]{--quire-bg:#0F172A;--quire-bg-image:url("../bg/dark.png")}',
    );
  });

  it("keeps an image path inside its CSS string whatever it holds", () => {
    const css = stylesheet({ background: { image: '/a") ; } body { color: red } x{("' } });
    expect(css).toContain('url("/a\\22 ) ; } body { color: red } x{(\\22 ")');
    expect(css).not.toContain('url("/a")');
  });
});
