import type { SiteConfig } from "../site/types.ts";
import { cssString, type SiteFontResult } from "./site-fonts.ts";

/**
 * The one stylesheet that differs between sites: the docs.json colours, fonts and background
 * as CSS custom properties the theme's stylesheet reads, and the `@font-face` rules.
 * Every value in it was checked when docs.json was read (hex colours, plain family names);
 * URLs are written as CSS strings. It sits in `_quire/`, so repository files are `../path`.
 *
 * Its rules are doubled (`:root:root`) to win over any theme layer's own colours, whatever the
 * order of the files: the customer's setting is the last word.
 */
export function siteStylesheet(
  config: SiteConfig,
  fonts: Pick<SiteFontResult, "css" | "body" | "heading">,
  imageUrl: (file: string) => string | undefined,
): string {
  const light: string[] = [
    `--quire-primary:${config.colors.primary}`,
    `--quire-primary-light:${config.colors.light}`,
    `--quire-primary-dark:${config.colors.dark}`,
    ...(fonts.body ? [`--quire-font:${fonts.body}`] : []),
    ...(fonts.heading ? [`--quire-font-heading:${fonts.heading}`] : []),
  ];
  const dark: string[] = [];
  const background = config.background;
  const lightOnly: string[] = [];
  if (background.color?.light) lightOnly.push(`--quire-bg:${background.color.light}`);
  if (background.color?.dark) dark.push(`--quire-bg:${background.color.dark}`);
  const lightImage = background.image ? imageUrl(background.image.light) : undefined;
  const darkImage = background.image ? imageUrl(background.image.dark) : undefined;
  if (lightImage) lightOnly.push(`--quire-bg-image:url(${cssString(lightImage)})`);
  if (darkImage) dark.push(`--quire-bg-image:url(${cssString(darkImage)})`);
  return [
    fonts.css,
    `:root:root{${light.join(";")}}`,
    lightOnly.length > 0 ? `:root:root:not([data-theme="dark"]){${lightOnly.join(";")}}` : "",
    dark.length > 0 ? `:root:root[data-theme="dark"]{${dark.join(";")}}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}
