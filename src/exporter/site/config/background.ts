import type { SiteBackground } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";
import { readHexColor, readThemedImage } from "./values.ts";

const KEYS: ReadonlySet<string> = new Set(["color", "decoration", "image"]);

/** `background`: a colour per mode, a decoration drawn behind the page, an image per mode. */
export function readBackground(value: unknown, check: ConfigChecker): SiteBackground {
  const object = check.object(value, "background", "an object with color, decoration or image");
  if (!object) return {};
  reportIgnoredKeys(object, "background", KEYS, check);
  const background: SiteBackground = {};
  const color = check.object(object.color, "background.color", "an object with light and dark");
  if (color) {
    reportIgnoredKeys(color, "background.color", new Set(["light", "dark"]), check);
    const light = readHexColor(color.light, "background.color.light", check);
    const dark = readHexColor(color.dark, "background.color.dark", check);
    if (light || dark)
      background.color = { ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
  }
  const decoration = check.oneOf(object.decoration, "background.decoration", [
    "gradient",
    "grid",
    "windows",
  ] as const);
  if (decoration) background.decoration = decoration;
  const image = readThemedImage(object.image, "background.image", check);
  if (image) background.image = image;
  return background;
}
