import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy `quire serve` sends. A bundle's pages are written from a docs
 * repository, which is trusted less than the readers of the docs origin: should anything of it
 * reach a page as markup, it must not run as script. So scripts come from the site's own files
 * and, inline, only those whose hashes the bundle's `quire-export.json` lists (`scriptHashes`:
 * the inline scripts Quire itself wrote into its pages) and that the page really holds; never
 * `'unsafe-inline'`, so an injected `<script>` or `onerror=` attribute does not run. A bundle
 * without `scriptHashes` gets no inline script at all. Styles keep `'unsafe-inline'` (style
 * attributes are everywhere in rendered pages, and a style cannot run script). A cloud or
 * client-hosted bundle's pages may show images, video and embedded frames of other hosts
 * (`https:` only), as they do from any static host; an air-gapped bundle's load nothing from
 * another host, so its policy allows none.
 *
 * Every value taken from the manifest must have the exact shape of what it claims to be, so a
 * manifest cannot widen the policy in any other way; anything else in it is ignored.
 */
export interface PolicySources {
  /** CSP hash sources of the inline scripts Quire wrote (`sha256-<base64>`). */
  scriptHashes: ReadonlySet<string>;
  /** Origins of external scripts the site loads (analytics the operator configured). */
  scriptOrigins: readonly string[];
  /** Origins an API playground calls (the playground's proxy sends to these and no others). */
  connectOrigins: readonly string[];
  /**
   * The readers' assistant's origin, when its endpoint (`assistant.endpoint`) is another host's:
   * pages call it, the playground's proxy never does.
   */
  assistantOrigins: readonly string[];
  /** The feedback collector's origin, when the pages post their answers to another host. */
  feedbackOrigins: readonly string[];
  /** Origins of stylesheets of other hosts (a `fonts` family from Google Fonts). */
  styleOrigins: readonly string[];
  /** Origins of font files of other hosts. */
  fontOrigins: readonly string[];
  /** Whether pages may show images, media and frames of other hosts (not air-gapped). */
  remoteMedia: boolean;
}

export const NO_SOURCES: PolicySources = {
  scriptHashes: new Set(),
  scriptOrigins: [],
  connectOrigins: [],
  assistantOrigins: [],
  feedbackOrigins: [],
  styleOrigins: [],
  fontOrigins: [],
  remoteMedia: false,
};

/** The deployment types whose pages keep images and frames of other hosts. */
const REMOTE_MEDIA_DEPLOYMENTS = new Set(["cloud", "client-hosted"]);

/** A CSP hash source of a SHA-256 digest: 32 bytes are 43 base64 characters and one `=`. */
const SCRIPT_HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;
/** A plain origin: scheme, host and port, nothing a policy could read as another directive. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;
/** More hashes than any site has inline scripts of Quire's (one per redirect page, mostly). */
const MAX_SCRIPT_HASHES = 10_000;
const MAX_ORIGINS = 50;
/** Hashes one page's policy may carry; a page of Quire's holds one or two inline scripts. */
const MAX_PAGE_HASHES = 50;

/** The sources a bundle's manifest (its parsed `quire-export.json`) adds to the policy. */
export function readPolicySources(manifest: unknown): PolicySources {
  if (!manifest || typeof manifest !== "object") return NO_SOURCES;
  const fields = manifest as Record<string, unknown>;
  const assistant = fields.assistant as { endpoint?: unknown } | null | undefined;
  const assistantOrigins = absoluteOrigin(assistant?.endpoint);
  return {
    scriptHashes: new Set(matching(fields.scriptHashes, SCRIPT_HASH, MAX_SCRIPT_HASHES)),
    scriptOrigins: matching(fields.scriptOrigins, ORIGIN, MAX_ORIGINS),
    // Bundles of earlier Quires list the assistant's origin here too: it is not the
    // playground's, so the proxy must not send there.
    connectOrigins: matching(fields.connectOrigins, ORIGIN, MAX_ORIGINS).filter(
      (origin) => !assistantOrigins.includes(new URL(origin).origin),
    ),
    assistantOrigins,
    feedbackOrigins: absoluteOrigin(fields.feedbackUrl),
    styleOrigins: matching(fields.styleOrigins, ORIGIN, MAX_ORIGINS),
    fontOrigins: matching(fields.fontOrigins, ORIGIN, MAX_ORIGINS),
    remoteMedia:
      typeof fields.deployment === "string" && REMOTE_MEDIA_DEPLOYMENTS.has(fields.deployment),
  };
}

/**
 * The origin of an absolute http(s) URL the pages call (`feedbackUrl`, `assistant.endpoint`);
 * a path of the serving host adds nothing.
 */
function absoluteOrigin(value: unknown): string[] {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value) || !URL.canParse(value)) return [];
  const origin = new URL(value).origin;
  return ORIGIN.test(origin) ? [origin] : [];
}

function matching(value: unknown, shape: RegExp, cap: number): string[] {
  if (!Array.isArray(value)) return [];
  const found = new Set<string>();
  for (const item of value) {
    if (found.size >= cap) break;
    if (typeof item === "string" && shape.test(item)) found.add(item);
  }
  return [...found];
}

/**
 * The policy of an HTML page. `pageHashes` are the hash sources of the page's own inline
 * scripts (inlineScriptHashes): only those the manifest lists are allowed, so each page's
 * header names its own one or two, however many redirect pages the site has.
 */
export function pagePolicy(sources: PolicySources, pageHashes: Iterable<string> = []): string {
  const allowed: string[] = [];
  for (const hash of new Set(pageHashes)) {
    if (allowed.length >= MAX_PAGE_HASHES) break;
    if (sources.scriptHashes.has(hash)) allowed.push(`'${hash}'`);
  }
  const script = ["'self'", ...allowed, ...sources.scriptOrigins].join(" ");
  const connect = [
    "'self'",
    ...sources.connectOrigins,
    ...sources.assistantOrigins,
    ...sources.feedbackOrigins,
  ].join(" ");
  const style = ["'self'", "'unsafe-inline'", ...sources.styleOrigins].join(" ");
  const font = ["'self'", "data:", ...sources.fontOrigins].join(" ");
  const remote = sources.remoteMedia ? " https:" : "";
  return `default-src 'self'; script-src ${script}; style-src ${style}; img-src 'self' data:${remote}; font-src ${font}; connect-src ${connect}; media-src 'self'${remote}; frame-src 'self'${remote}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'`;
}

/**
 * The policy of a file a browser renders as a document of its own but that is no page of the
 * site: SVG and XML, which may carry `<script>` (an SVG opened from a link, an XHTML document
 * named .xml). Nothing runs, nothing loads but the site's images, and `sandbox` gives the
 * document an opaque origin besides.
 */
export const INERT_DOCUMENT_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

const INERT_DOCUMENTS = new Set([".svg", ".xml"]);

/** Pages larger than this are not read for their scripts: their inline scripts stay blocked. */
export const MAX_SCANNED_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * The policy of one file of a bundle, by its extension (lowercase, with its dot): an HTML
 * page's names the listed hashes of the inline scripts it holds (`page.read` gives its text,
 * called only when the manifest lists any and the page is not too large to scan), SVG and XML
 * get the inert one, every other file the version's policy (it matters only if a browser opens
 * the file as a document).
 */
export function filePolicy(
  extension: string,
  sources: PolicySources,
  page: { size: number; read: () => string },
): string {
  if (INERT_DOCUMENTS.has(extension)) return INERT_DOCUMENT_POLICY;
  if (
    extension !== ".html" ||
    sources.scriptHashes.size === 0 ||
    page.size > MAX_SCANNED_PAGE_BYTES
  )
    return pagePolicy(sources);
  return pagePolicy(sources, inlineScriptHashes(page.read()));
}

const SCRIPT_START = /<script\b/gi;
/** Where the HTML tokenizer ends a script's text: `</script` then a space, `/` or `>`. */
const SCRIPT_END = /<\/script[\s/>]/gi;

/**
 * The CSP hash sources of the inline scripts in an HTML page, computed as a browser does: over
 * the UTF-8 bytes of the script's text after the parser turned CR LF and CR into LF. A script
 * this scan reads differently from a browser gets a hash the manifest does not list, so it is
 * blocked, never allowed by mistake: the policy only ever names hashes the manifest lists.
 * One pass, each character looked at a bounded number of times, whatever the page holds
 * (a page of unclosed `<script` tags costs no more than any other).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let position = 0;
  for (;;) {
    SCRIPT_START.lastIndex = position;
    const start = SCRIPT_START.exec(html);
    if (!start) break;
    const tagEnd = html.indexOf(">", start.index);
    if (tagEnd < 0) break;
    SCRIPT_END.lastIndex = tagEnd + 1;
    const end = SCRIPT_END.exec(html);
    // Unclosed, the rest of the page is this script's text: nothing after it is another one.
    if (!end) break;
    const text = html.slice(tagEnd + 1, end.index).replace(/\r\n?/g, "\n");
    if (text !== "")
      hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
    position = end.index + end[0].length;
  }
  return [...hashes];
}
