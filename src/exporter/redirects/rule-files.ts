import { type DestinationPart, encodePath } from "../site/redirect-pattern.ts";
import { type PlannedRedirect, pageUrlPath } from "./plan.ts";

/**
 * The redirects of a site in the formats that carry them out of the bundle (docs/bundle-format.md):
 * the rules file `quire serve` reads, a `_redirects` file for Netlify and Cloudflare Pages, an
 * nginx snippet, and the data of the 404 page's fallback. Each is text built from the plan,
 * with everything a repository wrote encoded for the syntax it lands in.
 */

/** Where the bundle carries them. */
export const REDIRECT_FILES = {
  rules: "_quire/redirects.json",
  netlify: "_redirects",
  nginx: "_quire/nginx-redirects.conf",
} as const;

/** One rule of `_quire/redirects.json`: the docs.json form, destinations resolved to pages. */
export interface RuleFileEntry {
  source: string;
  destination: string;
  permanent: boolean;
}

/**
 * A destination without captures, as a server sends it: an internal one resolved to the URL path
 * of its page (`/guides/setup`, `/analytics/`), decoded; an external one as written.
 */
function fixedTarget(planned: PlannedRedirect): string {
  if (planned.destination.external) return planned.written;
  return pageUrlPath(planned.page ?? (planned.destination.parts.join("") || "index"));
}

/** The destination of `_quire/redirects.json`: `/guides/setup#install`, `/analytics/`, `/api/*`, a URL. */
function serverDestination(planned: PlannedRedirect): string {
  const fragment = planned.destination.fragment ? `#${planned.destination.fragment}` : "";
  if (!hasCaptures(planned.destination.parts)) return fixedTarget(planned) + fragment;
  if (planned.destination.external) return planned.written + fragment;
  return `/${planned.written.replace(/^\/+/, "")}${fragment}`;
}

export function renderRulesFile(redirects: PlannedRedirect[]): string {
  const rules: RuleFileEntry[] = redirects.map((planned) => ({
    source: planned.source.source,
    destination: serverDestination(planned),
    permanent: planned.permanent,
  }));
  return `${JSON.stringify({ rules }, null, 2)}\n`;
}

/**
 * What the 404 page's fallback needs of each pattern: its regular expression, its destination
 * as parts (text already encoded, capture numbers), and for an internal destination the folders
 * with an index page. Fixed sources have redirect pages of their own, so they are left out.
 */
export interface FallbackRule {
  match: string;
  to: DestinationPart[];
  external: boolean;
  hash?: string;
  indexes?: string[];
  /** Pages are folders' index files (clean URLs): every internal destination is `<path>/index.html`. */
  clean?: boolean;
}

export function fallbackRules(redirects: PlannedRedirect[], cleanUrls = false): FallbackRule[] {
  return redirects
    .filter((planned) => planned.source.exact === undefined)
    .map((planned) => {
      const { destination } = planned;
      return {
        match: planned.source.regex.source,
        to: destination.parts.map((part) =>
          typeof part === "number" || destination.external ? part : encodePath(part),
        ),
        external: destination.external,
        ...(destination.fragment ? { hash: destination.fragment } : {}),
        ...(planned.folderIndexes.length > 0
          ? { indexes: planned.folderIndexes.map(encodePath) }
          : {}),
        ...(cleanUrls && !destination.external ? { clean: true } : {}),
      };
    });
}

/**
 * Fixed paths first: Cloudflare Pages asks for it, and it changes nothing, since a fixed source
 * an earlier pattern matches was dropped from the plan. Patterns keep their order.
 */
function serverOrder(redirects: PlannedRedirect[]): PlannedRedirect[] {
  return [
    ...redirects.filter((planned) => planned.source.exact !== undefined),
    ...redirects.filter((planned) => planned.source.exact === undefined),
  ];
}

/**
 * `_redirects` (Netlify, Cloudflare Pages, GitLab Pages): `source destination status` per line,
 * 301 or 302, the codes every one of them takes as a redirect. `:name` placeholders and one `*`
 * at the end (`:splat` in the destination); a source that ends in `:name*` or `/*` gets a line for
 * its bare folder too. A pattern this syntax cannot say is a comment line: the 404 page still
 * follows it.
 */
export function renderNetlifyRedirects(redirects: PlannedRedirect[]): string {
  const lines = [
    "# Redirects of this site for Netlify and Cloudflare Pages, written by Quire.",
    "# Netlify serves a file of the site before a rule: a moved page's small redirect page answers for it.",
  ];
  for (const planned of serverOrder(redirects)) {
    const status = planned.permanent ? 301 : 302;
    const variants = netlifyVariants(planned);
    if (!variants) {
      lines.push(
        `# not expressible here (404.html follows it): ${planned.source.source} ${serverDestination(planned)}`.replace(
          /[\r\n]/g,
          " ",
        ),
      );
      continue;
    }
    for (const variant of variants) {
      const destination = netlifyDestination(planned, variant.absent);
      lines.push(`${variant.source} ${destination} ${status}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

interface NetlifyVariant {
  source: string;
  /** Capture numbers this variant leaves out (an optional or trailing segment matched nothing). */
  absent: Set<number>;
}

/** The `_redirects` sources of one redirect, or undefined when the syntax cannot say it. */
function netlifyVariants(planned: PlannedRedirect): NetlifyVariant[] | undefined {
  const { source } = planned.source;
  if (source === "/") return [{ source: "/", absent: new Set() }];
  let variants: { segments: string[]; absent: Set<number> }[] = [
    { segments: [], absent: new Set() },
  ];
  const segments = source.slice(1).split("/");
  let capture = 0;
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const parameter = /^:([A-Za-z_][A-Za-z0-9_]*)([?*+])?$/.exec(segment);
    if (parameter) {
      capture++;
      const modifier = parameter[2];
      const name = parameter[1] as string;
      if (modifier === undefined) {
        for (const variant of variants) variant.segments.push(`:${name}`);
      } else if (modifier === "?") {
        const number = capture;
        variants = variants.flatMap((variant) => [
          { segments: variant.segments, absent: new Set([...variant.absent, number]) },
          { segments: [...variant.segments, `:${name}`], absent: variant.absent },
        ]);
      } else if (!last) {
        return undefined;
      } else {
        const number = capture;
        variants = variants.flatMap((variant) => [
          ...(modifier === "*"
            ? [{ segments: variant.segments, absent: new Set([...variant.absent, number]) }]
            : []),
          { segments: [...variant.segments, "*"], absent: variant.absent },
        ]);
      }
      continue;
    }
    if (segment === "*" && last) {
      capture++;
      const number = capture;
      variants = variants.flatMap((variant) => [
        { segments: variant.segments, absent: new Set([...variant.absent, number]) },
        { segments: [...variant.segments, "*"], absent: variant.absent },
      ]);
      continue;
    }
    const star = segment.indexOf("*");
    if (/:[A-Za-z_]/.test(segment) || (star >= 0 && (star !== segment.length - 1 || !last)))
      return undefined;
    if (star >= 0) capture++;
    const literal = star >= 0 ? `${netlifyText(segment.slice(0, -1))}*` : netlifyText(segment);
    for (const variant of variants) variant.segments.push(literal);
  }
  return variants.map((variant) => ({
    source: `/${variant.segments.join("/")}`,
    absent: variant.absent,
  }));
}

function netlifyDestination(planned: PlannedRedirect, absent: Set<number>): string {
  const { destination, source } = planned;
  const fragment = destination.fragment ? `#${encodeFragment(destination.fragment)}` : "";
  if (!hasCaptures(destination.parts)) {
    const target = fixedTarget(planned);
    return (destination.external ? externalText(target) : encodePath(target)) + fragment;
  }
  const text = destination.parts
    .map((part, index) => {
      if (typeof part === "number") {
        if (absent.has(part)) return "";
        const name = source.captures[part - 1] as string;
        return spans(planned, part) || name === "*" ? ":splat" : `:${name}`;
      }
      if (destination.external) return index === 0 ? part : externalText(part);
      return netlifyText(part);
    })
    .join("");
  if (destination.external) return text + fragment;
  return `/${text.replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "")}${fragment}`;
}

/** Whether a capture of the source can hold several segments (it became the splat). */
function spans(planned: PlannedRedirect, capture: number): boolean {
  const name = planned.source.captures[capture - 1];
  return new RegExp(`(^|/):${name}[*+](/|$)`).test(planned.source.source);
}

/**
 * nginx: include the snippet in the `server` block that serves the bundle, and let missing
 * files fall through to `@quire_redirects` (the header of the file shows how). A fixed source is
 * a `location =`, answered before any file: a moved page's redirect page is a file. Patterns are
 * tried in order in `@quire_redirects`, on `$request_uri`, the path as the client sent it,
 * never the decoded `$uri`: a decoded line break in a `Location` would start a header of the
 * attacker's. A capture holds whole segments, never an empty one, so a destination that starts
 * with one cannot become `//host`. `absolute_redirect off` keeps `Location` a path, as quire
 * serve sends it, rather than one built on the request's `Host`.
 */
export function renderNginxRedirects(redirects: PlannedRedirect[]): string {
  const lines = [
    "# Redirects of this site for nginx, written by Quire. In the server block of the site:",
    "#   include /path/to/site/_quire/nginx-redirects.conf;",
    "#   error_page 404 /404.html;",
    "#   location / { try_files $uri $uri.html $uri/index.html @quire_redirects; }",
  ];
  const ordered = serverOrder(redirects);
  for (const planned of ordered) {
    if (planned.source.exact === undefined) continue;
    const status = planned.permanent ? 308 : 307;
    const target = nginxReturn(planned);
    const paths =
      planned.source.source === "/" ? ["/"] : [planned.source.source, `${planned.source.source}/`];
    for (const path of paths)
      lines.push(
        `location = ${nginxString(path)} { absolute_redirect off; return ${status} ${target}; }`,
      );
  }
  lines.push("location @quire_redirects {", "  absolute_redirect off;");
  for (const planned of ordered) {
    if (planned.source.exact !== undefined) continue;
    const status = planned.permanent ? 308 : 307;
    lines.push(
      `  if ($request_uri ~ "${nginxRegex(planned.source.source)}") { return ${status} ${nginxPatternReturn(planned)}; }`,
    );
  }
  lines.push("  return 404;", "}");
  return `${lines.join("\n")}\n`;
}

/** A raw request path's segment: no slash, query, backslash, space or control character. */
const RAW_SEGMENT = "[^/?\\x5c\\x00-\\x20\\x7f]";

/** The source as a regular expression over `$request_uri` (path and query, as sent). */
function nginxRegex(source: string): string {
  const segments = source === "/" ? [] : source.slice(1).split("/");
  const rest = `(${RAW_SEGMENT}+(?:/${RAW_SEGMENT}+)*)`;
  let regex = "^";
  for (const [index, segment] of segments.entries()) {
    const parameter = /^:([A-Za-z_][A-Za-z0-9_]*)([?*+])?$/.exec(segment);
    if (parameter) {
      const modifier = parameter[2];
      regex +=
        modifier === undefined
          ? `/(${RAW_SEGMENT}+)`
          : modifier === "?"
            ? `(?:/(${RAW_SEGMENT}+))?`
            : modifier === "*"
              ? `(?:/${rest})?`
              : `/${rest}`;
      continue;
    }
    if (segment === "*" && index === segments.length - 1) {
      regex += `(?:/${rest})?`;
      continue;
    }
    regex += "/";
    for (let at = 0; at < segment.length; ) {
      const character = segment[at] as string;
      if (character === "*") {
        regex += `(${RAW_SEGMENT}*(?:/${RAW_SEGMENT}+)*)`;
        at++;
        continue;
      }
      const name = /^:[A-Za-z_][A-Za-z0-9_]*/.exec(segment.slice(at));
      if (name) {
        regex += `(${RAW_SEGMENT}+?)`;
        at += name[0].length;
        continue;
      }
      const codePoint = segment.codePointAt(at) as number;
      const text = String.fromCodePoint(codePoint);
      regex += rawCharacter(text);
      at += text.length;
    }
  }
  return `${regex}/?(?:\\?|$)`;
}

/** A literal character as a client may send it: itself when it may go unencoded, else its bytes. */
function rawCharacter(character: string): string {
  if (/^[A-Za-z0-9_~-]$/.test(character)) return character;
  if (character === ".") return "\\.";
  const encoded = [...new TextEncoder().encode(character)].map(anyCaseByte).join("");
  // Sub-delimiters and the like are often sent as they are; `"`, `\`, `$` and the rest are not
  // written into the configuration raw.
  if (/^[!&'()*+,;=:@]$/.test(character)) return `(?:\\${character}|${encoded})`;
  return encoded;
}

/** `%C3` as either case of its hex digits: `%[Cc]3`. */
function anyCaseByte(byte: number): string {
  const hex = byte.toString(16).toUpperCase().padStart(2, "0");
  return `%${hex.replace(/[A-F]/g, (digit) => `[${digit}${digit.toLowerCase()}]`)}`;
}

function nginxPatternReturn(planned: PlannedRedirect): string {
  const { destination } = planned;
  const fragment = destination.fragment ? `#${encodeFragment(destination.fragment)}` : "";
  if (!hasCaptures(destination.parts)) return nginxReturn(planned);
  const text = destination.parts
    .map((part) => {
      if (typeof part === "number") return `$${part}`;
      return destination.external ? nginxUrlText(part) : encodePath(part);
    })
    .join("");
  const base = destination.external ? text : `/${text.replace(/\/{2,}/g, "/").replace(/^\/+/, "")}`;
  const query = base.includes("?") ? "" : "$is_args$args";
  return `"${base}${query}${fragment}"`;
}

/** A destination without captures, with the request's query when it has none of its own, quoted. */
function nginxReturn(planned: PlannedRedirect): string {
  const target = fixedTarget(planned);
  const fragment = planned.destination.fragment
    ? `#${encodeFragment(planned.destination.fragment)}`
    : "";
  const base = planned.destination.external ? nginxUrlText(target) : encodePath(target);
  const query = base.includes("?") ? "" : "$is_args$args";
  return `"${base}${query}${fragment}"`;
}

/** A URL's text for an nginx string: what nginx would read as a variable or an end is encoded. */
function nginxUrlText(text: string): string {
  return text.replace(/[\s"\\$'{};]/g, (character) => percent(character));
}

function nginxString(text: string): string {
  return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/** A fragment with everything but the characters a fragment plainly holds percent-encoded. */
function encodeFragment(fragment: string): string {
  return fragment.replace(/[^A-Za-z0-9\-._~!&'()*+,;=:@/?]/g, (character) => percent(character));
}

function percent(character: string): string {
  return [...new TextEncoder().encode(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
    .join("");
}

/** Literal text of a `_redirects` path: encoded so nothing in it reads as `:name` or `*`. */
function netlifyText(text: string): string {
  return encodePath(text).replace(/\*/g, "%2A").replace(/:/g, "%3A");
}

/** An external URL's text for `_redirects`: no space, and nothing after the host read as a placeholder. */
function externalText(url: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i.exec(url)?.[0] ?? "";
  return (
    authority +
    url
      .slice(authority.length)
      .replace(/[\s]/g, (character) => percent(character))
      .replace(/\*/g, "%2A")
      .replace(/:/g, "%3A")
  );
}

function hasCaptures(parts: DestinationPart[]): boolean {
  return parts.some((part) => typeof part === "number");
}
