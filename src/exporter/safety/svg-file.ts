import type { Element, ElementContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { sanitizeNodes } from "./sanitize.ts";

/** What became of an SVG file of the repository on its way into the bundle. */
export interface SanitizedSvg {
  /** The file to publish: the original bytes when nothing had to go. */
  content: string;
  /** What was removed, one line each (empty when the file is published as it was). */
  removed: string[];
}

/**
 * An SVG file is a document of its own when a reader opens it: its scripts, event handlers and
 * `javascript:` links would run on the docs site's origin. Such a file is read as the browser
 * reads inline SVG, passed through the page's allow-list (SVG elements, the URL rule, no
 * animation of links), and written back as XML. Only a file with nothing that could be active
 * is published byte for byte (the browser reads it as XML, with features an HTML parser never
 * sees: entity declarations, style sheet instructions, XHTML elements); one with no `<svg>`
 * root is not published.
 */
export function sanitizeSvgFile(text: string): SanitizedSvg | undefined {
  if (!MAY_BE_ACTIVE.test(text)) return { content: text, removed: [] };
  const root = fromHtml(text, { fragment: true }).children.find(
    (node): node is Element => node.type === "element" && node.tagName === "svg",
  );
  if (!root) return undefined;
  const removed: string[] = [];
  const [svg] = sanitizeNodes([root], (message) => removed.push(message));
  if (!svg || svg.type !== "element") return undefined;
  svg.properties.xmlns = "http://www.w3.org/2000/svg";
  if (usesXlink([svg])) svg.properties.xmlnsXLink = "http://www.w3.org/1999/xlink";
  const content = toHtml(svg, {
    space: "svg",
    closeEmptyElements: true,
    tightSelfClosing: true,
    collapseEmptyAttributes: false,
    allowDangerousCharacters: false,
  });
  return { content: `<?xml version="1.0" encoding="UTF-8"?>\n${content}\n`, removed };
}

/**
 * Anything in an SVG file that could run script, load a document or link somewhere, in XML or
 * HTML: declarations and instructions (`<!DOCTYPE`, `<!ENTITY`, `<?xml-stylesheet`), elements
 * that script or embed (also under a namespace prefix), event attributes, links, animation, the
 * XHTML namespace and URL schemes. Files with none of these (most icons and diagrams) need no
 * rewriting at all; any other is rewritten, even when nothing turns out to be removed.
 */
const MAY_BE_ACTIVE =
  /<!(?!--)|<\?(?!xml\s)|script|foreignObject|iframe|embed|object|animate|<\s*([\w-]+:)?set\b|handler|listener|href|\son[a-z]+\s*=|:on[a-z]+\s*=|xhtml|xml:base|javascript|vbscript|data:/i;

function usesXlink(nodes: ElementContent[]): boolean {
  return nodes.some(
    (node) =>
      node.type === "element" &&
      (node.properties.xLinkHref !== undefined || usesXlink(node.children)),
  );
}
