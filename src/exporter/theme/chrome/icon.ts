import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import { resolveIcon } from "../../icons/index.ts";
import type { SiteConfig } from "../../site/types.ts";

/**
 * An icon as inline SVG: from the site's icon library when `library` is given (icons docs.json
 * and frontmatter name), from Quire's default set for the layout's own icons.
 */
export function iconHtml(
  name: string | undefined,
  options: { size?: number; library?: SiteConfig["icons"]["library"]; iconType?: string } = {},
): string {
  if (!name) return "";
  const element = resolveIcon(
    name,
    { size: options.size ?? 16, ...(options.iconType ? { iconType: options.iconType } : {}) },
    options.library,
  );
  return element ? toHtml(element as Element, { allowDangerousHtml: true }) : "";
}
