import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import { resolveIcon } from "../../icons/index.ts";
import type { SiteConfig } from "../../site/types.ts";

/**
 * Icon HTML by name, size, library and style. The layout draws the same few icons on every
 * page (sidebar, header, footer), and an icon's HTML depends on nothing else: each is
 * serialised once per thread.
 */
const rendered = new Map<string, string>();

/**
 * An icon as inline SVG: from the site's icon library when `library` is given (icons docs.json
 * and frontmatter name), from Quire's default set for the layout's own icons.
 */
export function iconHtml(
  name: string | undefined,
  options: { size?: number; library?: SiteConfig["icons"]["library"]; iconType?: string } = {},
): string {
  if (!name) return "";
  const size = options.size ?? 16;
  const key = `${name}\u0000${size}\u0000${options.library ?? ""}\u0000${options.iconType ?? ""}`;
  const known = rendered.get(key);
  if (known !== undefined) return known;
  const element = resolveIcon(
    name,
    { size, ...(options.iconType ? { iconType: options.iconType } : {}) },
    options.library,
  );
  const html = element ? toHtml(element as Element, { allowDangerousHtml: true }) : "";
  rendered.set(key, html);
  return html;
}
