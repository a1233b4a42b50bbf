/**
 * The one rule every URL from a repository passes before it reaches a page: links and
 * resources in pages, component props, docs.json, frontmatter, redirects, OpenAPI documents and
 * repository components, at export time and (for interactive components) in the browser.
 *
 * A URL is judged as the browser will read it: the URL parser drops leading and trailing
 * control characters and spaces and removes tabs and newlines anywhere, and scheme names are
 * case-insensitive, so `"  JAVA\tSCRIPT:alert(1)"` is a `javascript:` URL. Relative URLs,
 * fragments and protocol-relative URLs carry no scheme and pass; a scheme must be on the
 * allow-list of its use. Kept free of Node APIs: the islands runtime bundles it.
 */

/** Where a URL is used: what it may name differs. */
export type UrlUse =
  /** Something a reader follows (`<a href>`, a card, a navbar link, a redirect). */
  | "link"
  /** An image the page shows (`<img src>`, `<source srcset>`, `poster`): `data:` images allowed. */
  | "image"
  /** Other loaded content (`<video src>`, `<iframe src>`, SVG `<use href>`). */
  | "resource";

/** Schemes a reader may follow: the web, mail and phone, and apps docs commonly link into. */
const LINK_SCHEMES = new Set([
  "http",
  "https",
  "mailto",
  "tel",
  "sms",
  "ftp",
  "sftp",
  "ssh",
  "irc",
  "ircs",
  "xmpp",
  "webcal",
  "magnet",
  "slack",
  "discord",
  "zoommtg",
  "msteams",
  "vscode",
  "vscode-insiders",
  "cursor",
  "windsurf",
  "zed",
  "jetbrains",
  "x-github-client",
  "github-mac",
]);

const RESOURCE_SCHEMES = new Set(["http", "https"]);

/** `data:` images a page may show: raster formats and SVG (an `<img>` never runs an SVG's script). */
const DATA_IMAGE =
  /^data:image\/(png|gif|jpe?g|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)[;,]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the URL parser strips
const EDGE_JUNK = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** Removed anywhere by the URL parser. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Characters no honest URL holds and that only serve to disguise one (NUL, other controls). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the disguise being detected
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Judges a URL for a use. The accepted URL is returned trimmed as the browser would read it;
 * a refused one comes with a reason to show the author ("its scheme javascript: can run script").
 */
export function checkUrl(value: string, use: UrlUse = "link"): UrlVerdict {
  if (CONTROL.test(value)) return { ok: false, reason: "it holds control characters" };
  const url = value.replace(EDGE_JUNK, "");
  const compact = url.replace(TAB_OR_NEWLINE, "");
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return { ok: true, url };
  if (scheme === "data") {
    if (use === "image" && DATA_IMAGE.test(compact.toLowerCase())) return { ok: true, url };
    return { ok: false, reason: "a data: URL is only allowed for an image" };
  }
  const allowed = use === "link" ? LINK_SCHEMES : RESOURCE_SCHEMES;
  if (allowed.has(scheme)) return { ok: true, url };
  if (scheme === "javascript" || scheme === "vbscript")
    return { ok: false, reason: `its scheme ${scheme}: runs script` };
  return {
    ok: false,
    reason: `the scheme ${scheme}: is not allowed ${use === "link" ? "in a link" : "for content a page loads"}`,
  };
}

/** The URL when it passes, else undefined. */
export function safeUrl(value: string, use: UrlUse = "link"): string | undefined {
  const verdict = checkUrl(value, use);
  return verdict.ok ? verdict.url : undefined;
}

/**
 * A `srcset` whose every candidate passes as an image, else undefined: one bad candidate is
 * enough to refuse it, since the browser picks among them.
 */
export function checkSrcset(value: string): UrlVerdict {
  for (const candidate of srcsetUrls(value)) {
    const verdict = checkUrl(candidate, "image");
    if (!verdict.ok) return verdict;
  }
  return { ok: true, url: value.trim() };
}

/**
 * The URLs of a `srcset`, read as the HTML standard does: a URL runs to the next whitespace
 * (trailing commas are separators), then descriptors run to the next comma.
 */
function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let index = 0;
  while (index < value.length) {
    while (index < value.length && /[\s,]/.test(value[index] as string)) index++;
    const start = index;
    while (index < value.length && !/\s/.test(value[index] as string)) index++;
    const url = value.slice(start, index).replace(/,+$/, "");
    if (url) urls.push(url);
    if (value.slice(start, index).endsWith(",")) continue;
    while (index < value.length && value[index] !== ",") index++;
  }
  return urls;
}
