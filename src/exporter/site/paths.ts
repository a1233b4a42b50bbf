import path from "node:path/posix";

/** Extensions of page sources, in the order Mintlify prefers them. */
export const PAGE_EXTENSIONS = [".mdx", ".md"] as const;

/** `guides/intro.mdx` → `guides/intro`. */
export function pagePathOfFile(file: string): string {
  return file.replace(/\.(mdx|md)$/i, "");
}

/**
 * Normalize a page reference as written in navigation or a link (`/guides/intro`,
 * `guides/intro.mdx`, `./intro`) to a page path. Returns undefined for paths escaping the root.
 */
export function normalizePagePath(reference: string, fromDirectory = ""): string | undefined {
  let value = reference.trim().replace(/\\/g, "/");
  value = value.replace(/[?#].*$/, "");
  const isAbsolute = value.startsWith("/");
  const joined = isAbsolute ? value : path.join("/", fromDirectory, value);
  const normalized = path.normalize(joined);
  if (!normalized.startsWith("/")) return undefined;
  let result = normalized.slice(1).replace(/\/+$/, "");
  result = result.replace(/\.(mdx|md|html)$/i, "");
  if (result === "") return "index";
  return result;
}

/**
 * The bundle file a page is written to: `guides/intro.html`, `index.html`; with clean URLs
 * (`clean`) a folder's index file, `guides/intro/index.html`, which every static host serves at
 * `/guides/intro/` (and, redirecting, at `/guides/intro`).
 */
export function pageOutputFile(pagePath: string, clean = false): string {
  if (!clean || isIndexPage(pagePath)) return `${pagePath}.html`;
  return `${pagePath}/index.html`;
}

/**
 * Where a page's file sits, as a page path: relative links from the page start here. With clean
 * URLs a page is one folder deeper (`guides/intro` is `guides/intro/index.html`).
 */
export function pageLocation(pagePath: string, clean = false): string {
  return clean && !isIndexPage(pagePath) ? `${pagePath}/index` : pagePath;
}

/**
 * Where a page is served, relative to the site's root URL: `guides/intro.html`, or with clean
 * URLs `guides/intro/`; an index page is its folder (`guides/`), the home page the root (``).
 * Canonical URLs, `og:url`, `hreflang` and the sitemap use it.
 */
export function pageUrlPath(pagePath: string, clean = false): string {
  if (isIndexPage(pagePath)) return pagePath.slice(0, -"index".length);
  return clean ? `${pagePath}/` : `${pagePath}.html`;
}

function isIndexPage(pagePath: string): boolean {
  return pagePath === "index" || pagePath.endsWith("/index");
}

/** A site URL as a base for page URLs: `https://docs.example.com/` (always one final slash). */
export function siteBase(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/`;
}

/** A relative URL from the page at `fromPagePath` to the bundle file `toFile`. */
export function relativeUrl(fromPagePath: string, toFile: string): string {
  return relativeLinker(fromPagePath)(toFile);
}

/**
 * A function making relative URLs from one page to bundle files. A page links to hundreds
 * of others (its sidebar), so the page's folder is split once and each link is plain string
 * work, without path normalization. Both paths are already normalized bundle paths.
 */
export function relativeLinker(fromPagePath: string): (toFile: string) => string {
  const fromFolders = fromPagePath.split("/").slice(0, -1);
  return (toFile) => {
    const target = toFile.split("/");
    let common = 0;
    while (
      common < fromFolders.length &&
      common < target.length - 1 &&
      fromFolders[common] === target[common]
    )
      common++;
    return "../".repeat(fromFolders.length - common) + target.slice(common).join("/");
  };
}

/** `../../` for a page two folders deep, `` at the root: the prefix to reach the bundle root. */
export function rootPrefix(pagePath: string): string {
  const depth = pagePath.split("/").length - 1;
  return "../".repeat(depth);
}
