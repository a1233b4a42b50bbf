import mime from "mime";

/**
 * The Content-Type `quire serve` sends for a file, by its extension (lowercase, with its dot),
 * from the `mime` package's table. Two rules of Quire's own on top of it:
 *
 * - Text is UTF-8: every `text/*` type, JSON and XML carry `charset=utf-8` (an exported site
 *   is written in UTF-8, and without the charset a browser may guess another encoding).
 *   YAML is `text/yaml` and Markdown `text/markdown`, so an `openapi.yaml` or a page's `.md`
 *   opens as text in the browser instead of downloading.
 * - A browser renders HTML and XML types as documents of their own, which may run script.
 *   Only the kinds whose Content-Security-Policy content-security-policy.ts decides are sent
 *   as such: `.html` pages, and `.svg` and `.xml` under the inert policy. Any other extension
 *   the table gives a document type (`.htm`, `.xhtml`, `.xsl`, `.rss`, ...) goes out as
 *   `application/octet-stream`, which a browser downloads and never runs.
 */
const DOCUMENT_EXTENSIONS = new Set([".html", ".svg", ".xml"]);

/** Types a browser opens as a document that can hold script: HTML, and any XML. */
function isDocumentType(type: string): boolean {
  return (
    type === "text/html" || type === "text/xml" || type === "application/xml" || /\+xml$/.test(type)
  );
}

function isUtf8Text(type: string): boolean {
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    /\+json$/.test(type) ||
    type === "application/xml"
  );
}

const BINARY = "application/octet-stream";

export function contentTypeOf(extension: string): string {
  const type = extension === "" ? null : mime.getType(extension.slice(1));
  if (type === null) return BINARY;
  if (isDocumentType(type) && !DOCUMENT_EXTENSIONS.has(extension)) return BINARY;
  return isUtf8Text(type) ? `${type}; charset=utf-8` : type;
}
