import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff-to-sfnt.ts";

/** One face of the typeface the social cards are drawn in. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

/** The family name the card layout and the SVG rasteriser both ask for. */
export const CARD_FONT_FAMILY = "Inter";

const require = createRequire(import.meta.url);

// satori reads TTF, OTF and WOFF but not WOFF2, and the theme's variable fonts ship only WOFF2:
// the static Inter faces of @fontsource/inter come as WOFF, unpacked to TrueType for the SVG
// rasteriser, which reads nothing else. Latin and Latin Extended cover the site names and
// descriptions of most sites; other scripts draw without those letters.
const FACES = [
  ["latin", 400],
  ["latin-ext", 400],
  ["latin", 700],
  ["latin-ext", 700],
] as const;

let loaded: CardFont[] | undefined;

/** The card's font faces, read from the installed package once per thread. */
export function cardFonts(): CardFont[] {
  loaded ??= FACES.map(([subset, weight]) => ({
    name: CARD_FONT_FAMILY,
    data: woffToSfnt(
      readFileSync(
        require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
      ),
    ),
    weight,
    style: "normal" as const,
  }));
  return loaded;
}
