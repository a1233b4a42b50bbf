import type { FontSetting, SiteFonts } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";

const FONT_KEYS: ReadonlySet<string> = new Set(["family", "weight", "source", "format"]);
const TOP_KEYS: ReadonlySet<string> = new Set([...FONT_KEYS, "heading", "body"]);
/** What CSS allows in a font family name that Quire writes into a stylesheet unquoted of risk. */
const FAMILY = /^[\p{L}\p{N} _.'-]{1,80}$/u;

/**
 * `fonts`: one font for the whole site, and/or its own font for headings and for body text.
 * A field `heading` or `body` leaves out is taken from the top level.
 */
export function readFonts(value: unknown, check: ConfigChecker): SiteFonts {
  const object = check.object(value, "fonts", "an object with family (and heading, body)");
  if (!object) return {};
  reportIgnoredKeys(object, "fonts", TOP_KEYS, check);
  const top = readFont(object, "fonts", check, false);
  const fonts: SiteFonts = {};
  for (const part of ["heading", "body"] as const) {
    const own = check.object(object[part], `fonts.${part}`, "an object with family");
    if (own) reportIgnoredKeys(own, `fonts.${part}`, FONT_KEYS, check);
    const font = own ? readFont(own, `fonts.${part}`, check, true) : undefined;
    const merged = font ?? top;
    if (merged) fonts[part] = merged;
  }
  return fonts;
}

function readFont(
  object: Record<string, unknown>,
  path: string,
  check: ConfigChecker,
  requireFamily: boolean,
): FontSetting | undefined {
  if (requireFamily) check.required(object.family, `${path}.family`, "a font family name");
  const family = check.string(object.family, `${path}.family`, "a font family name (a string)");
  const weight = object.weight;
  if (weight !== undefined && (typeof weight !== "number" || weight < 1 || weight > 1000))
    check.error(`${path}.weight`, "a font weight from 1 to 1000 (a number)", weight);
  const source = check.link(object.source, `${path}.source`, "resource", "a font file path or URL");
  const format = check.oneOf(object.format, `${path}.format`, ["woff", "woff2"] as const);
  if (family === undefined) return undefined;
  if (!FAMILY.test(family.trim())) {
    check.error(`${path}.family`, "a font family name of letters, digits and spaces", family);
    return undefined;
  }
  const font: FontSetting = { family: family.trim() };
  if (typeof weight === "number" && weight >= 1 && weight <= 1000) font.weight = weight;
  if (source) {
    font.source = source;
    font.format = format ?? (/\.woff$/i.test(source) ? "woff" : "woff2");
    if (format === undefined && !/\.woff2?$/i.test(source))
      check.warn(`${path}.format`, 'missing: the font file is declared as "woff2"');
  }
  return font;
}
