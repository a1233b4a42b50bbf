import type { ThemedImage } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";

/** Values several settings share: colours and images, each given once or per colour mode. */

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const HEX_EXPECTED = "a hex colour such as #16A34A";

/** A colour: a hex code, or undefined (with an error) for anything else. */
export function readHexColor(
  value: unknown,
  path: string,
  check: ConfigChecker,
): string | undefined {
  const text = check.string(value, path, HEX_EXPECTED);
  if (text === undefined) return undefined;
  if (HEX_COLOR.test(text.trim())) return text.trim();
  check.error(path, HEX_EXPECTED, text);
  return undefined;
}

/** A path or URL, or `{ light, dark }`; one side missing borrows the other. */
export function readThemedImage(
  value: unknown,
  path: string,
  check: ConfigChecker,
): ThemedImage | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    const image = check.link(value, path, "image");
    return image === undefined ? undefined : { light: image, dark: image };
  }
  const expected = "a path, or an object with light and dark paths";
  const object = check.object(value, path, expected);
  if (!object) return undefined;
  const light = check.link(object.light, `${path}.light`, "image", "a path or URL (a string)");
  const dark = check.link(object.dark, `${path}.dark`, "image", "a path or URL (a string)");
  if (light === undefined && dark === undefined) {
    if (object.light === undefined && object.dark === undefined) check.error(path, expected, value);
    return undefined;
  }
  return { light: light ?? (dark as string), dark: dark ?? (light as string) };
}

/** A colour for both modes: one hex code, or `{ light, dark }` (one side missing borrows the other). */
export function readModeColor(
  value: unknown,
  path: string,
  check: ConfigChecker,
): { light: string; dark: string } | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    const color = readHexColor(value, path, check);
    return color ? { light: color, dark: color } : undefined;
  }
  const object = check.object(
    value,
    path,
    "a hex colour, or an object with light and dark hex colours",
  );
  if (!object) return undefined;
  reportIgnoredKeys(object, path, new Set(["light", "dark"]), check);
  const light = readHexColor(object.light, `${path}.light`, check);
  const dark = readHexColor(object.dark, `${path}.dark`, check);
  if (!light && !dark) return undefined;
  return { light: light ?? (dark as string), dark: dark ?? (light as string) };
}
