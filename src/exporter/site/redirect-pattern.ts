/**
 * The redirect forms of docs.json, read the way Mintlify reads them, compiled once and used by
 * every place that follows a redirect: the export (redirect pages, rule files, the 404 page's
 * fallback) and `quire serve`. Plain code with no Node API, so the server and the exporter share
 * it. docs/bundle-format.md states the forms for people writing a server of their own.
 *
 * A source is a path whose segments may be:
 * - `:name`, one segment (`/agent/workflows/:page`);
 * - `:name?`, an optional segment; `:name*`, zero or more segments; `:name+`, one or more;
 * - `*` as the last segment, zero or more segments (`/api-reference/*` also matches
 *   `/api-reference`), and `*` inside a segment, any characters (`/articles/concepts-*`);
 * - `:name` inside a segment (`/blog-:slug`), part of one segment.
 * A destination names the source's parameters (`/v2/:slug*`) and its wildcard (`/api/*`).
 *
 * Matching is over the decoded path without its trailing slash (the root is the empty string),
 * so `/old/page/` and `/old/page` are one source. At most one part of a source may span
 * segments (`*`, `:name*`, `:name+`), as on Netlify and Cloudflare Pages: with one, a match costs
 * time in proportion to the path, whatever a repository writes, because every other part stays
 * inside a segment.
 */

/** Bounds that keep matching cheap for a server that reads rules a repository wrote. */
export const REDIRECT_LIMITS = {
  /** Characters of a source or destination. */
  length: 1024,
  /** Captures of one source: nginx numbers them $1 to $9. */
  captures: 9,
  /** Redirects with parameters or wildcards in one site (each is tried on a missing path). */
  patternRules: 1000,
  /** Redirects of fixed paths in one site (looked up by path). */
  exactRules: 100_000,
  /** Longer request paths are matched by no pattern. */
  matchedPath: 2048,
} as const;

export interface SourcePattern {
  /** The source with one leading slash and no trailing one (`/api-reference/*`); `/` for the root. */
  source: string;
  /** No parameter and no wildcard: one path, the path form of `source` (`old/page`, `` for the root). */
  exact?: string;
  /** Anchored; over a decoded path without its trailing slash (`/a/b`, `` for the root). */
  regex: RegExp;
  /** What each capture group holds, by group number less one: a parameter's name, or `*`. */
  captures: string[];
}

/** A part of a destination: text as written, or the number of a capture group of the source. */
export type DestinationPart = string | number;

export interface DestinationTemplate {
  external: boolean;
  /**
   * Internal: the path below the site root, without leading slash (`api/`, 1). External: the
   * URL without its fragment. Text parts are as written (decoded for an internal path).
   */
  parts: DestinationPart[];
  /** The `#fragment`, without `#`. */
  fragment?: string;
}

export type Compiled<T> = { ok: true; value: T } | { ok: false; reason: string };

const PARAMETER = /^:([A-Za-z_][A-Za-z0-9_]*)([?*+])?$/;
const NAME_START = /[A-Za-z_]/;
const NAME_CHARACTER = /[A-Za-z0-9_]/;
/** Any character, the line ends that `.` leaves out included: decoded paths may hold them. */
const ANY = "[\\s\\S]";
const SEGMENT = "([^/]+)";
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Whether a source or destination as written uses parameters or wildcards. */
export function isPattern(text: string): boolean {
  return /\*|:[A-Za-z_]/.test(text);
}

/** The source in its compared form: `/old/page/` → `/old/page`, `` → `/`. */
export function sourceForm(raw: string): string {
  const segments = raw
    .trim()
    .replace(/\\/g, "/")
    .split("/")
    .filter((segment) => segment !== "");
  return `/${segments.join("/")}`;
}

export function compileSource(raw: string): Compiled<SourcePattern> {
  if (raw.length > REDIRECT_LIMITS.length)
    return { ok: false, reason: `it is longer than ${REDIRECT_LIMITS.length} characters` };
  const source = sourceForm(raw);
  const segments = source === "/" ? [] : source.slice(1).split("/");
  const captures: string[] = [];
  let spanning = 0;
  let regex = "";
  const name = (found: string): string | undefined =>
    captures.includes(found) ? `the parameter :${found} appears twice` : undefined;
  for (const [index, segment] of segments.entries()) {
    if (segment === "." || segment === "..")
      return { ok: false, reason: `a segment "${segment}" has no place in a source` };
    const parameter = PARAMETER.exec(segment);
    if (parameter) {
      const [, parameterName = "", modifier] = parameter;
      const twice = name(parameterName);
      if (twice) return { ok: false, reason: twice };
      captures.push(parameterName);
      if (modifier === "*" || modifier === "+") spanning++;
      regex +=
        modifier === undefined
          ? `/${SEGMENT}`
          : modifier === "?"
            ? `(?:/${SEGMENT})?`
            : modifier === "*"
              ? `(?:/(${ANY}+))?`
              : `/(${ANY}+)`;
      continue;
    }
    if (segment === "*" && index === segments.length - 1) {
      spanning++;
      captures.push("*");
      regex += `(?:/(${ANY}+))?`;
      continue;
    }
    regex += "/";
    for (let at = 0; at < segment.length; ) {
      const character = segment[at] as string;
      if (character === "*") {
        spanning++;
        captures.push("*");
        regex += `(${ANY}*)`;
        at++;
      } else if (character === ":" && NAME_START.test(segment[at + 1] ?? "")) {
        let end = at + 1;
        while (end < segment.length && NAME_CHARACTER.test(segment[end] as string)) end++;
        const parameterName = segment.slice(at + 1, end);
        const next = segment[end] ?? "";
        if ("?*+(".includes(next) && next !== "")
          return {
            ok: false,
            reason: `:${parameterName}${next} inside a segment: a parameter with ${next === "(" ? "a pattern of its own is not supported" : "a modifier must be a whole segment (/:name*)"}`,
          };
        const twice = name(parameterName);
        if (twice) return { ok: false, reason: twice };
        captures.push(parameterName);
        regex += "([^/]+?)";
        at = end;
      } else if (character === "?" || character === "#") {
        return { ok: false, reason: "a source holds no query (?) and no fragment (#)" };
      } else {
        regex += escapeRegex(character);
        at++;
      }
    }
  }
  if (spanning > 1)
    return {
      ok: false,
      reason: "a source may hold only one part that spans segments (*, :name* or :name+)",
    };
  if (captures.length > REDIRECT_LIMITS.captures)
    return {
      ok: false,
      reason: `a source may hold at most ${REDIRECT_LIMITS.captures} parameters and wildcards`,
    };
  return {
    ok: true,
    value: {
      source,
      ...(captures.length === 0 ? { exact: source.slice(1) } : {}),
      regex: new RegExp(`^${regex}$`),
      captures,
    },
  };
}

/** The path a request is matched with: decoded, without its trailing slash, `` for the root. */
export function matchedForm(decodedPath: string): string {
  return decodedPath.replace(/\/+$/, "");
}

/** The captures of `path` (matchedForm) by the source, or null when it does not match. */
export function matchSource(pattern: SourcePattern, path: string): RegExpExecArray | null {
  if (path.length > REDIRECT_LIMITS.matchedPath) return null;
  return pattern.regex.exec(path);
}

/**
 * A destination for a compiled source. Parameters are recognised by the source's names, and `*`
 * when the source has a wildcard; in an external URL anything else (`Special:Search`) is text,
 * and nothing in its scheme or host is a parameter, so a filled URL stays on its host. A query of
 * an internal destination is dropped, as for links to pages.
 */
export function compileDestination(
  raw: string,
  source: SourcePattern,
): Compiled<DestinationTemplate> {
  if (raw.length > REDIRECT_LIMITS.length)
    return { ok: false, reason: `it is longer than ${REDIRECT_LIMITS.length} characters` };
  const trimmed = raw.trim();
  const hash = trimmed.indexOf("#");
  const withoutFragment = hash < 0 ? trimmed : trimmed.slice(0, hash);
  const fragment = hash < 0 || hash === trimmed.length - 1 ? undefined : trimmed.slice(hash + 1);
  const external = SCHEME.test(withoutFragment);
  let parts: DestinationPart[];
  if (external) {
    const authorityEnd = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(withoutFragment)?.[0].length ?? 0;
    const tokens = tokenizeDestination(withoutFragment.slice(authorityEnd), source, false);
    if (!tokens.ok) return tokens;
    parts = [withoutFragment.slice(0, authorityEnd), ...tokens.value];
  } else {
    const path = withoutFragment.replace(/\?.*$/, "").replace(/\\/g, "/");
    const tokens = tokenizeDestination(path, source, true);
    if (!tokens.ok) return tokens;
    parts = tokens.value;
    // A capture stands for some text here: only whole segments of text are looked at.
    const written = parts.map((part) => (typeof part === "number" ? "\u0000" : part)).join("");
    if (written.split("/").some((segment) => segment === ".." || segment === "."))
      return { ok: false, reason: "a segment . or .. has no place in it" };
    parts = trimInternal(parts);
  }
  return {
    ok: true,
    value: {
      external,
      parts: mergeText(parts),
      ...(fragment !== undefined ? { fragment } : {}),
    },
  };
}

function tokenizeDestination(
  text: string,
  source: SourcePattern,
  internal: boolean,
): Compiled<DestinationPart[]> {
  const parts: DestinationPart[] = [];
  const wildcard = source.captures.indexOf("*");
  for (let at = 0; at < text.length; ) {
    const character = text[at] as string;
    if (character === ":" && NAME_START.test(text[at + 1] ?? "")) {
      let end = at + 1;
      while (end < text.length && NAME_CHARACTER.test(text[end] as string)) end++;
      const found = source.captures.indexOf(text.slice(at + 1, end));
      if (found >= 0) {
        parts.push(found + 1);
        // `/v2/:slug*` repeats the source's modifier, which means nothing here. A `?` is not
        // taken for one: in a destination it starts the query (`/docs/:page?from=old`).
        const modifier = text[end];
        at = modifier === "*" || modifier === "+" ? end + 1 : end;
        continue;
      }
      if (internal)
        return {
          ok: false,
          reason: `${text.slice(at, end)} names no parameter of the source`,
        };
    } else if (character === "*" && wildcard >= 0) {
      parts.push(wildcard + 1);
      at++;
      continue;
    } else if (character === "*" && internal) {
      return { ok: false, reason: "it holds * but the source has no wildcard" };
    }
    parts.push(character);
    at++;
  }
  return { ok: true, value: parts };
}

/** An internal destination's parts without leading and trailing slashes, nor a page extension. */
function trimInternal(parts: DestinationPart[]): DestinationPart[] {
  const merged = mergeText(parts);
  const first = merged[0];
  if (typeof first === "string") merged[0] = first.replace(/^\/+/, "");
  const lastIndex = merged.length - 1;
  const last = merged[lastIndex];
  if (typeof last === "string")
    merged[lastIndex] = last.replace(/\/+$/, "").replace(/\.(mdx|md|html)$/i, "");
  return merged.filter((part) => part !== "");
}

function mergeText(parts: DestinationPart[]): DestinationPart[] {
  const merged: DestinationPart[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (typeof part === "string" && typeof previous === "string")
      merged[merged.length - 1] = previous + part;
    else merged.push(part);
  }
  return merged;
}

/**
 * A destination filled with a match. Captured values are percent-encoded segment by segment for
 * an external URL, and when `encode` is set for an internal path (otherwise it stays decoded,
 * for a caller that encodes the whole path). An internal path comes out without leading,
 * trailing or doubled slashes: `v2` for `/v2/:slug*` and no segments.
 */
export function fillDestination(
  template: DestinationTemplate,
  match: ArrayLike<string | undefined>,
  options: { encode: boolean },
): string {
  const encodeValue = template.external || options.encode;
  let filled = "";
  for (const part of template.parts) {
    if (typeof part === "string") {
      filled += template.external || !options.encode ? part : encodePath(part);
      continue;
    }
    const value = match[part] ?? "";
    filled += encodeValue ? encodePath(value) : value;
  }
  if (template.external) return filled;
  return filled.replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "");
}

/** Each segment percent-encoded, the slashes between them kept. */
export function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment.toWellFormed()))
    .join("/");
}

function escapeRegex(character: string): string {
  return /[\\^$.*+?()[\]{}|]/.test(character) ? `\\${character}` : character;
}
