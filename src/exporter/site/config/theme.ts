import { THEME_NAMES, type ThemeName } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";

/**
 * `theme`: one of the layout themes docs.json accepts. An unknown name (a newer theme, a typo)
 * is not a reason to stop the export: the site gets the classic `mint` layout and a warning.
 */
export function readTheme(value: unknown, check: ConfigChecker): ThemeName {
  const name = check.string(value, "theme", "a theme name (a string)");
  if (name === undefined) return "mint";
  const known = THEME_NAMES.find((theme) => theme === name.trim().toLowerCase());
  if (known) return known;
  check.warn(
    "theme",
    `unknown theme "${name}"; the site uses "mint" (known themes: ${THEME_NAMES.join(", ")})`,
  );
  return "mint";
}
