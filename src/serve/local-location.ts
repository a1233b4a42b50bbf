import path from "node:path";

/**
 * The one way `quire serve` writes a `Location` header: a path on this server, never another
 * host. It is built from the decoded path, normalised again here, with exactly one leading
 * slash and every segment percent-encoded, so nothing in it can make a browser read another
 * origin: not `//host` or `/\host`, not a scheme, not a tab or newline that browsers strip
 * (`/<tab>/host` would become `//host`). The query, and a redirect's fragment, are kept, their
 * unusual characters encoded.
 */
export function localLocation(decodedPath: string, query = "", fragment = ""): string {
  const normalized = path.posix.normalize(`/${decodedPath}`);
  const segments = normalized.split("/").filter((segment) => segment !== "");
  const trailing = segments.length > 0 && normalized.endsWith("/") ? "/" : "";
  const location = `/${segments.map((segment) => encodeURIComponent(segment.toWellFormed())).join("/")}${trailing}`;
  const withQuery = query === "" ? location : `${location}?${encodeUnusual(query)}`;
  return fragment === "" ? withQuery : `${withQuery}#${encodeUnusual(fragment)}`;
}

/** Characters a query or fragment may carry as they are; anything else is percent-encoded. */
const QUERY_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g;

function encodeUnusual(text: string): string {
  return text.toWellFormed().replace(QUERY_SAFE, (character) => encodeURIComponent(character));
}
