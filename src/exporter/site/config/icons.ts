import type { ConfigChecker } from "./checker.ts";

/**
 * An icon setting: a name (or path/URL), or `{ name, style, library }`. Quire keeps the name;
 * the icon resolver finds it in the site's icon library.
 */
export function readIcon(value: unknown, path: string, check: ConfigChecker): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  const object = check.object(value, path, "an icon name (a string) or { name, style }");
  if (!object) return undefined;
  check.required(object.name, `${path}.name`, "the icon's name (a string)");
  return check.string(object.name, `${path}.name`);
}
