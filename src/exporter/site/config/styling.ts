import { bundledThemesInfo } from "shiki/themes";
import type { SiteStyling } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";

const KEYS: ReadonlySet<string> = new Set(["eyebrows", "codeblocks", "latex"]);
/** The themes Shiki ships, which the highlighter can load by name: nothing is fetched. */
const CODE_THEMES: ReadonlySet<string> = new Set(bundledThemesInfo.map((theme) => theme.id));

/**
 * `styling`: the eyebrow above page titles, the code blocks' colours, and whether KaTeX's
 * stylesheet loads. A code theme Shiki does not ship falls back to `system` with a warning.
 */
export function readStyling(value: unknown, check: ConfigChecker): SiteStyling {
  const styling: SiteStyling = { eyebrows: "section", codeblocks: "system" };
  const object = check.object(value, "styling", "an object with eyebrows, codeblocks or latex");
  if (!object) return styling;
  reportIgnoredKeys(object, "styling", KEYS, check);
  styling.eyebrows =
    check.oneOf(object.eyebrows, "styling.eyebrows", ["section", "breadcrumbs"] as const) ??
    "section";
  const latex = check.boolean(object.latex, "styling.latex");
  if (latex !== undefined) styling.latex = latex;
  styling.codeblocks = readCodeblocks(object.codeblocks, check);
  return styling;
}

function readCodeblocks(value: unknown, check: ConfigChecker): SiteStyling["codeblocks"] {
  const path = "styling.codeblocks";
  if (value === undefined || value === null || value === "system") return "system";
  if (value === "dark") return "dark";
  const theme = (name: unknown, namePath: string): string | undefined => {
    const text = check.string(name, namePath, "a Shiki theme name (a string)");
    if (text === undefined) return undefined;
    if (CODE_THEMES.has(text)) return text;
    check.warn(
      namePath,
      `"${text}" is not a code theme the export ships; code blocks follow the page's mode`,
    );
    return undefined;
  };
  if (typeof value === "string") {
    const name = theme(value, path);
    return name ? { light: name, dark: name } : "system";
  }
  const object = check.object(value, path, '"system", "dark", a theme name or { theme }');
  if (!object) return "system";
  reportIgnoredKeys(object, path, new Set(["theme", "languages"]), check);
  if (object.theme === undefined || object.theme === null) return "system";
  if (typeof object.theme === "string") {
    const name = theme(object.theme, `${path}.theme`);
    return name ? { light: name, dark: name } : "system";
  }
  const pair = check.object(object.theme, `${path}.theme`, "a theme name or { light, dark }");
  if (!pair) return "system";
  reportIgnoredKeys(pair, `${path}.theme`, new Set(["light", "dark"]), check);
  check.required(pair.light, `${path}.theme.light`, "a Shiki theme name (a string)");
  check.required(pair.dark, `${path}.theme.dark`, "a Shiki theme name (a string)");
  const light = theme(pair.light, `${path}.theme.light`);
  const dark = theme(pair.dark, `${path}.theme.dark`);
  return light && dark ? { light, dark } : "system";
}
