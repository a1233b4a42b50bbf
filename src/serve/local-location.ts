import path from "node:path";

/**
 * The one way `quire serve` writes a `Location` header: a path on this server, never another
 * host. It is built from the decoded path, normalised again here, with exactly one leading
 * slash and every segment percent-encoded, so nothing in it can make a browser read another
 * origin: not `//host` or `/\host`, not a scheme, not a tab or newline that browsers strip
 * (`/<tab>/host` would become `//host`). The query is kept, its unusual characters encoded.
 */
export function localLocation(decodedPath: string, query = ""): string {
  const normalized = path.posix.normalize(`/${decodedPath}`);
  const segments = normalized.split("/").filter((segment) => segment !== "");
  const trailing = segments.length > 0 && normalized.endsWith("/") ? "/" : "";
  const location = `/${segments.map((segment) => encodeURIComponent(segment.toWellFormed())).join("/")}${trailing}`;
  return query === "" ? location : `${location}?${encodeQuery(query)}`;
}

/** Characters a query may carry as they are; anything else is percent-encoded. */
const QUERY_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g;

function encodeQuery(query: string): string {
  return query.replace(QUERY_SAFE, (character) => encodeURIComponent(character));
}
