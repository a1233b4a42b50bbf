import { sanitizeSvgFile } from "./svg-file.ts";

/**
 * What becomes of a repository file a page or the configuration links to, on its way into the
 * bundle. Every file the bundle serves is served on the docs site's origin, so a file a browser
 * would run as a document of its own must not carry the repository's script there:
 * - an SVG is published with scripts, event handlers and unsafe links removed (svg-file.ts);
 * - HTML and XML documents (`.html`, `.xhtml`, `.xml`, `.xsl`…) are not published at all;
 * - everything else (images, media, PDFs, archives, data) is copied as it is.
 */
export type AssetDecision =
  | { action: "copy" }
  | { action: "write"; content: string; removed: string[] }
  | { action: "refuse"; reason: string };

/** Documents a browser opens as pages of the site, scripts and all. */
const DOCUMENTS = /\.(html?|xhtml|xht|shtml|mht|mhtml|xml|xsl|xslt|svgz)$/i;

export function decideAsset(file: string, readText: () => string): AssetDecision {
  if (DOCUMENTS.test(file))
    return {
      action: "refuse",
      reason:
        "an HTML or XML document from the repository would run its scripts on the docs site, so it is not published; link to it on another host, or make it a page",
    };
  if (!/\.svg$/i.test(file)) return { action: "copy" };
  const svg = sanitizeSvgFile(readText());
  if (!svg)
    return {
      action: "refuse",
      reason: "this .svg file holds no <svg> image, so it is not published",
    };
  if (svg.removed.length === 0 && svg.content === readText()) return { action: "copy" };
  return { action: "write", content: svg.content, removed: svg.removed };
}
