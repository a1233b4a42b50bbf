import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import type { Logger } from "pino";
import { confine } from "../files/confine.ts";
import { type ApiProxy, PROXY_PATHNAME } from "./api-proxy.ts";
import { ASSISTANT_PATH, type AssistantRoute } from "./assistant-route.ts";
import {
  filePolicy,
  NO_SOURCES,
  type PolicySources,
  pagePolicy,
  readPolicySources,
} from "./content-security-policy.ts";
import { contentTypeOf } from "./content-type.ts";
import { AddressRateLimiter, FEEDBACK_PATH, handleFeedback } from "./feedback-endpoint.ts";
import type { FeedbackStore } from "./feedback-store.ts";
import { localLocation } from "./local-location.ts";
import { readerAddress } from "./reader-address.ts";
import { RedirectRules, type RedirectTarget } from "./redirect-rules.ts";
import type { Encoding } from "./version-layout.ts";
import type { ActiveVersionSource } from "./versions.ts";

/**
 * Serves the active version of the site. Every request is answered from one whole version, so
 * a switch is atomic for readers (RECHECK_ACTIVE_MS says when a switch is seen). A version never
 * changes once unpacked, so what its paths resolve to, its files' headers and the bytes of its
 * smaller files are kept in memory. Cache rules are explicit: files whose name carries a content
 * hash are immutable; everything else (HTML first) is revalidated with its ETag. Text files are
 * sent as the `.br` or `.gz` Quire wrote of them at unpack time, kept apart from the site's own
 * files (version-layout.ts), when the client accepts it.
 */

/** Headers of every answer; files add the policy of their version and kind to these. */
const SECURITY_HEADERS = {
  "Content-Security-Policy": pagePolicy(NO_SOURCES),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
};

/** A version's parsed manifest; one that cannot be read is nothing, and adds nothing. */
function versionManifest(root: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(root, "quire-export.json"), "utf8"));
  } catch {
    return undefined;
  }
}

/** A content hash in a file or folder name (`quire.6b000d0763.js`, `katex-1a181552/`). */
const HASHED = /[.-][0-9a-f]{8,}(\.|\/|$)/;

/** Files up to this size are kept in memory once read; larger ones are streamed from disk. */
const MEMORY_FILE_BYTES = 1024 * 1024;
/** Bytes of file content kept in memory for one version. */
const MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;
/** Request paths whose resolution is remembered; past this the memory starts over. */
const MAX_ROUTES = 10_000;

const ACCEPTS = [
  ["br", /\bbr\b/],
  ["gzip", /\bgzip\b/],
] as const;

/** One way of sending a file: itself, or the `.br` or `.gz` Quire wrote of it. */
interface Variant {
  file: string;
  size: number;
  /** The complete headers of a 200 (or 404) answer with this variant. */
  headers: Record<string, string>;
  /** Its bytes, once read, when it is small enough to keep. */
  body?: Buffer;
}

/** A file of the version as one status answers it, with everything a request needs precomputed. */
interface ServedFile {
  file: string;
  status: number;
  size: number;
  etag: string;
  /** Modification time, whole seconds, as If-Modified-Since compares it. */
  modifiedMs: number;
  /** Headers shared by every answer (304, 206, 416 add to or keep these). */
  headers: Record<string, string>;
  plain: Variant;
  br?: Variant;
  gzip?: Variant;
}

type Route =
  | { kind: "file"; served: ServedFile }
  /** `folder`: the decoded, normalised path of the folder, with its slash. */
  | { kind: "redirect"; folder: string }
  /** A redirect of the site; an internal `path` is decoded, with its leading slash. */
  | { kind: "moved"; status: number; path: string; fragment?: string }
  | { kind: "moved"; status: number; url: string }
  | { kind: "bad" }
  | { kind: "missing" };

/**
 * What one version's request paths resolve to. A version's files never change once it is
 * unpacked, so a path is resolved, and a file's headers and small bodies read, once per version.
 */
class VersionCache {
  readonly routes = new Map<string, Route>();
  readonly files = new Map<string, ServedFile>();
  memoryBytes = 0;

  readonly id: string;
  /** When the version became active: a version activated again is read again. */
  readonly activatedAt: string;
  readonly root: string;
  /** Quire's compressed copies of the files under `root`, or null when there are none. */
  readonly compressed: string | null;
  /** What this version's manifest adds to its policy (content-security-policy.ts). */
  readonly sources: PolicySources;
  /** The site's redirects (redirect-rules.ts). */
  readonly redirects: RedirectRules;
  /** Where this version's pages post their feedback (the manifest's `feedbackUrl`). */
  readonly feedbackUrl: string | undefined;

  constructor(id: string, activatedAt: string, root: string, compressed: string | null) {
    this.id = id;
    this.activatedAt = activatedAt;
    this.root = root;
    this.compressed = compressed;
    const manifest = versionManifest(root);
    this.sources = manifest === undefined ? NO_SOURCES : readPolicySources(manifest);
    this.redirects = RedirectRules.read(root, manifest);
    const feedbackUrl = (manifest as { feedbackUrl?: unknown } | undefined)?.feedbackUrl;
    this.feedbackUrl = typeof feedbackUrl === "string" ? feedbackUrl : undefined;
  }

  /** Whether this version's pages post feedback to this server, and have this page. */
  acceptsFeedback(page: string): "yes" | "not-collected" | "no-such-page" {
    if (this.feedbackUrl !== FEEDBACK_PATH) return "not-collected";
    if (/[?#\\]/.test(page) || page.startsWith("/")) return "no-such-page";
    const route = this.route(`/${page === "index" ? "" : page}`);
    return route.kind === "file" &&
      route.served.status === 200 &&
      route.served.file.endsWith(".html")
      ? "yes"
      : "no-such-page";
  }

  route(pathname: string): Route {
    let route = this.routes.get(pathname);
    if (route === undefined) {
      route = this.#resolve(pathname);
      if (this.routes.size >= MAX_ROUTES) this.routes.clear();
      this.routes.set(pathname, route);
    }
    return route;
  }

  /** The bytes of a variant, kept when small enough and within the version's budget. */
  body(variant: Variant): Buffer | undefined {
    if (variant.body) return variant.body;
    if (variant.size > MEMORY_FILE_BYTES || this.memoryBytes + variant.size > MEMORY_BUDGET_BYTES)
      return undefined;
    variant.body = readFileSync(variant.file);
    this.memoryBytes += variant.body.length;
    return variant.body;
  }

  #resolve(pathname: string): Route {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return { kind: "bad" };
    }
    if (decoded.includes("\0") || decoded.includes("\\")) return { kind: "bad" };
    const normalized = path.posix.normalize(decoded);
    if (!normalized.startsWith("/") || normalized.split("/").includes("..")) return { kind: "bad" };

    const relative = normalized.slice(1);
    // The path redirects are matched on: no trailing slash, `` for the root.
    const form = normalized.replace(/\/+$/, "");
    // A fixed redirect before the files: a moved page's small redirect page is one of them.
    const fixed = this.redirects.fixed(form);
    if (fixed) return this.#moved(fixed);
    const candidates =
      relative === "" || relative.endsWith("/")
        ? [`${relative}index.html`]
        : [relative, `${relative}.html`];
    for (const candidate of candidates) {
      const served = this.#file(candidate, 200);
      if (served) return { kind: "file", served };
    }
    // A folder asked for without its slash: redirect, so relative links in its index resolve.
    if (relative !== "" && !relative.endsWith("/") && this.#isFile(`${relative}/index.html`))
      return { kind: "redirect", folder: `${normalized}/` };
    const pattern = this.redirects.pattern(form);
    if (pattern) return this.#moved(pattern);
    const notFound = this.#file("404.html", 404);
    return notFound ? { kind: "file", served: notFound } : { kind: "missing" };
  }

  /**
   * A redirect's route. An internal destination names the page it lands on: a folder with an
   * index page gets its slash here (`/analytics/`), so relative links in the page resolve
   * without a second redirect.
   */
  #moved(target: RedirectTarget): Route {
    if ("external" in target) return { kind: "moved", status: target.status, url: target.external };
    const filled = target.internal;
    const folder =
      filled === "" ||
      (!this.#isFile(filled) &&
        !this.#isFile(`${filled}.html`) &&
        this.#isFile(`${filled}/index.html`));
    return {
      kind: "moved",
      status: target.status,
      path: filled === "" ? "/" : `/${filled}${folder ? "/" : ""}`,
      ...(target.fragment ? { fragment: target.fragment } : {}),
    };
  }

  #inRoot(candidate: string): string | undefined {
    return confine(this.root, candidate);
  }

  #isFile(candidate: string): boolean {
    const file = this.#inRoot(candidate);
    return file !== undefined && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  }

  #file(relative: string, status: number): ServedFile | undefined {
    const file = this.#inRoot(relative);
    if (file === undefined) return undefined;
    const key = `${status} ${file}`;
    const known = this.files.get(key);
    if (known) return known;
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info?.isFile()) return undefined;
    const extension = path.extname(file).toLowerCase();
    const headers: Record<string, string> = {
      "Content-Type": contentTypeOf(extension),
      ETag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      "Last-Modified": info.mtime.toUTCString(),
      "Cache-Control":
        status === 200 && HASHED.test(relative)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      "Accept-Ranges": "bytes",
      Vary: "Accept-Encoding",
      ...SECURITY_HEADERS,
      "Content-Security-Policy": filePolicy(extension, this.sources, {
        size: info.size,
        read: () => readFileSync(file, "utf8"),
      }),
    };
    const variant = (path_: string, size: number, encoding?: string): Variant => ({
      file: path_,
      size,
      headers: {
        ...headers,
        ...(encoding ? { "Content-Encoding": encoding } : {}),
        "Content-Length": String(size),
      },
    });
    // Never a file of the site itself: a bundle's own index.html.gz is not a variant.
    const compressed = (encoding: Encoding): Variant | undefined => {
      if (!this.compressed) return undefined;
      const copy = path.join(this.compressed, encoding, path.relative(this.root, file));
      const found = statSync(copy, { throwIfNoEntry: false });
      return found?.isFile() ? variant(copy, found.size, encoding) : undefined;
    };
    const served: ServedFile = {
      file,
      status,
      size: info.size,
      etag: headers.ETag as string,
      modifiedMs: Math.floor(info.mtimeMs / 1000) * 1000,
      headers,
      plain: variant(file, info.size),
      br: compressed("br"),
      gzip: compressed("gzip"),
    };
    this.files.set(key, served);
    return served;
  }
}

/**
 * How long the server trusts the active version it last read before reading it again. A switch
 * made through the same VersionStore (as `quire serve` makes them) is seen at once; one made by
 * another process on the same data dir within this time.
 */
const RECHECK_ACTIVE_MS = 100;

export function createStaticServer(options: {
  versions: ActiveVersionSource;
  logger: Logger;
  /** The API playground's request proxy (api-proxy.ts); none when absent. */
  apiProxy?: ApiProxy;
  /** Answers readers' questions at ASSISTANT_PATH (assistant-route.ts); absent, that path is a file path like any other. */
  assistant?: AssistantRoute;
  /**
   * Where readers' feedback is counted, for versions whose pages post it here: called on the
   * first answer to count, so a server whose sites never ask opens no store.
   */
  feedback?: () => FeedbackStore;
  /**
   * Reverse proxies whose `X-Forwarded-For` names the reader to the per-reader limits
   * (`--trust-proxy`); none by default, and the socket's address counts.
   */
  trustedProxies?: readonly string[];
}): Server {
  const limiter = new AddressRateLimiter();
  const addressOf = readerAddress(options.trustedProxies);
  const { versions } = options;
  let cache: VersionCache | undefined;
  let checkedAt = 0;
  let changes = -1;
  /** The active version's cache, or null while no version is active (never remembered). */
  const activeSite = (): VersionCache | null => {
    const now = performance.now();
    if (cache && changes === versions.changes && now - checkedAt < RECHECK_ACTIVE_MS) return cache;
    changes = versions.changes;
    const active = versions.active();
    if (!active) {
      cache = undefined;
      return null;
    }
    checkedAt = now;
    if (
      cache?.id !== active.id ||
      cache.root !== active.directory ||
      cache.activatedAt !== active.activatedAt
    )
      cache = new VersionCache(active.id, active.activatedAt, active.directory, active.compressed);
    return cache;
  };
  const { logger } = options;
  return createServer((request, response) => {
    if (logger.isLevelEnabled("info")) {
      const started = performance.now();
      response.on("finish", () => {
        logger.info(
          {
            method: request.method,
            path: request.url,
            status: response.statusCode,
            ms: Math.round((performance.now() - started) * 10) / 10,
          },
          "request",
        );
      });
    }
    try {
      const pathname = (request.url ?? "/").split("?")[0];
      if (options.feedback && pathname === FEEDBACK_PATH)
        handleFeedback(request, response, {
          store: options.feedback,
          limiter,
          reader: addressOf(request),
          accepts: (page) => activeSite()?.acceptsFeedback(page) ?? "not-collected",
          failed: (error) => logger.error({ err: error }, "feedback could not be counted"),
        });
      else if (options.assistant && pathname === ASSISTANT_PATH)
        options.assistant(request, response, activeSite()?.root ?? null, addressOf(request));
      else handle(request, response, versions, activeSite, options.apiProxy);
    } catch (error) {
      logger.error({ err: error }, "serving failed");
      if (!response.headersSent) sendText(response, 500, "internal error");
      else response.destroy();
    }
  });
}

function handle(
  request: IncomingMessage,
  response: ServerResponse,
  versions: ActiveVersionSource,
  activeSite: () => VersionCache | null,
  apiProxy: ApiProxy | undefined,
): void {
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  if (pathname === "/healthz") {
    sendJson(response, 200, { status: "ok" });
    return;
  }
  if (apiProxy && pathname === PROXY_PATHNAME) {
    const site = activeSite();
    // The servers it may call are the active version's: a switch changes them at once.
    void apiProxy.handle(request, response, site ? site.sources.connectOrigins : []);
    return;
  }
  if (pathname === "/readyz") {
    const active = versions.active();
    if (active) sendJson(response, 200, { status: "ready", version: active.id });
    else sendJson(response, 503, { error: "no version of the site is active yet" });
    return;
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    sendText(response, 405, "method not allowed");
    return;
  }
  const cache = activeSite();
  if (!cache) {
    sendText(response, 503, "no version of the site is active yet");
    return;
  }
  const route = cache.route(pathname);
  switch (route.kind) {
    case "file":
      sendFile(request, response, cache, route.served);
      return;
    case "redirect":
      // Built from the normalised path, never from the raw one: only ever this server's origin.
      response.writeHead(301, {
        Location: localLocation(route.folder, query < 0 ? "" : url.slice(query + 1)),
        ...SECURITY_HEADERS,
      });
      response.end();
      return;
    case "moved": {
      const search = query < 0 ? "" : url.slice(query + 1);
      response.writeHead(route.status, {
        Location:
          "url" in route
            ? withQuery(route.url, search)
            : localLocation(route.path, search, route.fragment),
        ...SECURITY_HEADERS,
      });
      response.end();
      return;
    }
    case "bad":
      sendText(response, 400, "bad path");
      return;
    case "missing":
      sendText(response, 404, "not found");
      return;
  }
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  cache: VersionCache,
  served: ServedFile,
): void {
  const { status } = served;
  const ifNoneMatch = request.headers["if-none-match"];
  const ifModifiedSince = request.headers["if-modified-since"];
  if (
    status === 200 &&
    (ifNoneMatch === served.etag ||
      (!ifNoneMatch && ifModifiedSince && Date.parse(ifModifiedSince) >= served.modifiedMs))
  ) {
    response.writeHead(304, served.headers);
    response.end();
    return;
  }

  const range = status === 200 ? parseRange(request.headers.range, served.size) : null;
  if (range === "unsatisfiable") {
    response.writeHead(416, { ...served.headers, "Content-Range": `bytes */${served.size}` });
    response.end();
    return;
  }
  if (range) {
    response.writeHead(206, {
      ...served.headers,
      "Content-Range": `bytes ${range.start}-${range.end}/${served.size}`,
      "Content-Length": String(range.end - range.start + 1),
    });
    if (request.method === "HEAD") return void response.end();
    const body = cache.body(served.plain);
    if (body) return void response.end(body.subarray(range.start, range.end + 1));
    stream(served.file, response, range);
    return;
  }

  let variant = served.plain;
  const accepted = request.headers["accept-encoding"];
  if (accepted) {
    for (const [encoding, pattern] of ACCEPTS) {
      const candidate = served[encoding];
      if (candidate && pattern.test(accepted)) {
        variant = candidate;
        break;
      }
    }
  }
  response.writeHead(status, variant.headers);
  if (request.method === "HEAD") return void response.end();
  const body = cache.body(variant);
  if (body) return void response.end(body);
  stream(variant.file, response);
}

/** Streams a file too large to keep; if it cannot be read after all, the answer is cut short. */
function stream(
  file: string,
  response: ServerResponse,
  range?: { start: number; end: number },
): void {
  createReadStream(file, range)
    .on("error", () => response.destroy())
    .pipe(response);
}

/**
 * One `bytes=` range of a Range header. A header that is not one well-formed range (several
 * ranges, other units, or last-pos before first-pos) is ignored and the whole file sent, as
 * RFC 9110 allows; a well-formed range that starts past the end is unsatisfiable (416).
 */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const first = match[1] === "" ? null : Number(match[1]);
  const last = match[2] === "" ? null : Number(match[2]);
  if (first !== null && last !== null && last < first) return null;
  const start = first === null ? Math.max(0, size - (last as number)) : first;
  const end = first === null || last === null ? size - 1 : Math.min(last, size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** Another site's URL with the request's query, unless it has a query of its own. */
function withQuery(href: string, search: string): string {
  const url = new URL(href);
  if (search !== "" && url.search === "") url.search = search;
  return url.href;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  response.end(JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...SECURITY_HEADERS,
  });
  response.end(`${text}\n`);
}
