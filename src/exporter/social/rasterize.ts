import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { CARD_FONT_FAMILY, cardFonts } from "./card-fonts.ts";

const require = createRequire(import.meta.url);

let ready: Promise<void> | undefined;

/**
 * SVG → PNG with resvg compiled to WebAssembly: no native binary to install, and no file
 * system or network to reach, so a repository's SVG can pull in nothing from the machine.
 */
export async function rasterizeSvg(svg: string, fit?: { height: number }): Promise<Uint8Array> {
  ready ??= initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  await ready;
  const resvg = new Resvg(svg, {
    ...(fit ? { fitTo: { mode: "height", value: fit.height } } : {}),
    font: {
      // Text in a logo SVG names system fonts the rasteriser has not got: Inter stands in.
      fontBuffers: cardFonts().map((font) => new Uint8Array(font.data)),
      defaultFontFamily: CARD_FONT_FAMILY,
      sansSerifFamily: CARD_FONT_FAMILY,
      loadSystemFonts: false,
    },
  });
  try {
    const image = resvg.render();
    const png = image.asPng();
    image.free();
    return png;
  } finally {
    resvg.free();
  }
}
