import type { Element } from "hast";
import type { IconOptions } from "../components/types.ts";
import { fontAwesomeIcon, type IconSource, lucideIcon } from "./icon-sets.ts";

/**
 * An inline SVG for an icon name from Lucide or Font Awesome (Mintlify pages use both),
 * trying the site's configured library first. Undefined when neither set has the name.
 */
export function resolveIcon(
  name: string,
  options: IconOptions = {},
  library: "fontawesome" | "lucide" = "fontawesome",
): Element | undefined {
  const cleaned = name.trim().toLowerCase().replace(/\s+/g, "-");
  const order =
    (options.library ?? library) === "lucide"
      ? ["lucide", "fontawesome"]
      : ["fontawesome", "lucide"];
  for (const set of order) {
    const source =
      set === "lucide" ? lucideIcon(cleaned) : fontAwesomeIcon(cleaned, options.iconType);
    if (source) return svgElement(cleaned, source, options);
  }
  return undefined;
}

function svgElement(name: string, source: IconSource, options: IconOptions): Element {
  const size = options.size ?? 16;
  const style: string[] = [];
  if (
    options.color &&
    /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(options.color)
  )
    style.push(`color:${options.color}`);
  const properties: Element["properties"] = {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: source.viewBox,
    width: size,
    height: size,
    className: ["icon", `icon-${name}`],
    ariaHidden: "true",
    focusable: "false",
  };
  if (source.kind === "stroke") {
    Object.assign(properties, {
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 2,
      strokeLineCap: "round",
      strokeLineJoin: "round",
    });
  } else {
    properties.fill = "currentColor";
  }
  if (style.length > 0) properties.style = style.join(";");
  return {
    type: "element",
    tagName: "svg",
    properties,
    children: [{ type: "raw", value: source.inner } as unknown as Element],
  };
}
