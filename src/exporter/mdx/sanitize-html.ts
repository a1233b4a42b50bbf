import type { Element, ElementContent, Properties } from "hast";

/** Tags a page may not contain: they run code or change how the whole page loads. */
const FORBIDDEN_TAGS = new Set([
  "script",
  "object",
  "embed",
  "applet",
  "base",
  "meta",
  "link",
  "frame",
  "frameset",
  "noscript",
  "template",
  "portal",
]);

const URL_PROPERTIES = new Set([
  "href",
  "src",
  "action",
  "formAction",
  "poster",
  "cite",
  "srcSet",
  "data",
  "xLinkHref",
]);

/** True when an element of this tag may appear in a page at all. */
export function isAllowedTag(tagName: string): boolean {
  return !FORBIDDEN_TAGS.has(tagName.toLowerCase());
}

/** A URL that cannot run script: `javascript:`, `vbscript:` and `data:` (except images) are refused. */
export function isSafeUrl(value: string, allowDataImage = false): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the disguise being removed
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  if (compact.startsWith("javascript:") || compact.startsWith("vbscript:")) return false;
  if (compact.startsWith("data:"))
    return allowDataImage && /^data:image\/(png|gif|jpe?g|webp|avif)[;,]/.test(compact);
  return true;
}

/** Removes event handlers and unsafe URLs from properties; returns a new object. */
export function sanitizeProperties(tagName: string, properties: Properties): Properties {
  const result: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (/^on/i.test(key)) continue;
    if (key === "dangerouslySetInnerHTML" || key === "srcDoc") continue;
    if (
      URL_PROPERTIES.has(key) &&
      typeof value === "string" &&
      !isSafeUrl(value, tagName === "img" || tagName === "source")
    ) {
      continue;
    }
    result[key] = value;
  }
  return result;
}

/** Sanitizes an HTML tree parsed from a `.md` page's raw HTML, in place. */
export function sanitizeTree(nodes: ElementContent[]): ElementContent[] {
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === "element") {
      if (!isAllowedTag(node.tagName)) continue;
      const element: Element = {
        ...node,
        properties: sanitizeProperties(node.tagName, node.properties),
        children: sanitizeTree(node.children),
      };
      result.push(element);
    } else if (node.type === "text") {
      result.push(node);
    }
    // Comments and doctypes are dropped.
  }
  return result;
}

/** Converts a JSX `style={{ fontSize: 12 }}` object to CSS text. */
export function styleObjectToCss(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === "string" || typeof value === "number")
    .map(([key, value]) => {
      const property = key.startsWith("--")
        ? key
        : key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const text =
        typeof value === "number" && value !== 0 && !UNITLESS.has(key)
          ? `${value}px`
          : String(value);
      return `${property}:${text}`;
    })
    .join(";");
}

const UNITLESS = new Set([
  "opacity",
  "zIndex",
  "fontWeight",
  "lineHeight",
  "flex",
  "flexGrow",
  "flexShrink",
  "order",
  "zoom",
]);
