import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import type { Logger } from "pino";
import type { VersionStore } from "./versions.ts";

/**
 * Serves the active version of the site. The active version is read on every request, so a
 * switch is atomic for readers. Cache rules are explicit: files whose name carries a content
 * hash are immutable; everything else (HTML first) is revalidated with its ETag. Text files are
 * sent as the `.br` or `.gz` written beside them at unpack time when the client accepts it.
 */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".zip": "application/zip",
};

/** Pages may carry their inline theme script and style attributes; nothing from another host. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

const SECURITY_HEADERS = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
};

/** A content hash in a file or folder name (`quire.6b000d0763.js`, `katex-1a181552/`). */
const HASHED = /[.-][0-9a-f]{8,}(\.|\/|$)/;

export function createStaticServer(options: { versions: VersionStore; logger: Logger }): Server {
  return createServer((request, response) => {
    const started = performance.now();
    response.on("finish", () => {
      options.logger.info(
        {
          method: request.method,
          path: request.url,
          status: response.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
    });
    try {
      handle(request, response, options.versions);
    } catch (error) {
      options.logger.error({ err: error }, "serving failed");
      if (!response.headersSent) sendText(response, 500, "internal error");
      else response.destroy();
    }
  });
}

function handle(request: IncomingMessage, response: ServerResponse, versions: VersionStore): void {
  const url = request.url ?? "/";
  const pathname = url.split("?")[0] as string;
  if (pathname === "/healthz") {
    sendJson(response, 200, { status: "ok" });
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
  const active = versions.active();
  if (!active) {
    sendText(response, 503, "no version of the site is active yet");
    return;
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    sendText(response, 400, "bad path");
    return;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) {
    sendText(response, 400, "bad path");
    return;
  }
  const normalized = path.posix.normalize(decoded);
  if (!normalized.startsWith("/") || normalized.split("/").includes("..")) {
    sendText(response, 400, "bad path");
    return;
  }

  const root = active.directory;
  const relative = normalized.slice(1);
  const inRoot = (candidate: string) => {
    const file = path.join(root, candidate);
    return file === root || file.startsWith(`${root}${path.sep}`) ? file : undefined;
  };
  const isFile = (file: string | undefined) =>
    file !== undefined && existsSync(file) && statSync(file).isFile();

  const candidates =
    relative === "" || relative.endsWith("/")
      ? [`${relative}index.html`]
      : [relative, `${relative}.html`];
  for (const candidate of candidates) {
    const file = inRoot(candidate);
    if (isFile(file)) {
      sendFile(request, response, file as string, candidate);
      return;
    }
  }
  // A folder asked for without its slash: redirect, so relative links in its index resolve.
  if (relative !== "" && !relative.endsWith("/") && isFile(inRoot(`${relative}/index.html`))) {
    response.writeHead(301, {
      Location: `${pathname}/${url.includes("?") ? url.slice(url.indexOf("?")) : ""}`,
      ...SECURITY_HEADERS,
    });
    return void response.end();
  }
  const notFound = inRoot("404.html");
  if (isFile(notFound)) {
    sendFile(request, response, notFound as string, "404.html", 404);
    return;
  }
  sendText(response, 404, "not found");
  return;
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  relative: string,
  status = 200,
): void {
  const info = statSync(file);
  const extension = path.extname(file).toLowerCase();
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    "Content-Type": TYPES[extension] ?? "application/octet-stream",
    ETag: etag,
    "Last-Modified": info.mtime.toUTCString(),
    "Cache-Control":
      status === 200 && HASHED.test(relative) ? "public, max-age=31536000, immutable" : "no-cache",
    "Accept-Ranges": "bytes",
    Vary: "Accept-Encoding",
    ...SECURITY_HEADERS,
  };
  if (
    status === 200 &&
    (request.headers["if-none-match"] === etag ||
      (!request.headers["if-none-match"] &&
        request.headers["if-modified-since"] &&
        Date.parse(request.headers["if-modified-since"]) >= Math.floor(info.mtimeMs / 1000) * 1000))
  ) {
    response.writeHead(304, headers);
    return void response.end();
  }

  const range = status === 200 ? parseRange(request.headers.range, info.size) : null;
  if (range === "unsatisfiable") {
    response.writeHead(416, { ...headers, "Content-Range": `bytes */${info.size}` });
    return void response.end();
  }
  if (range) {
    response.writeHead(206, {
      ...headers,
      "Content-Range": `bytes ${range.start}-${range.end}/${info.size}`,
      "Content-Length": String(range.end - range.start + 1),
    });
    if (request.method === "HEAD") return void response.end();
    return void createReadStream(file, range).pipe(response);
  }

  const accepted = String(request.headers["accept-encoding"] ?? "");
  for (const [encoding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !existsSync(`${file}${suffix}`))
      continue;
    const compressed = statSync(`${file}${suffix}`);
    response.writeHead(status, {
      ...headers,
      "Content-Encoding": encoding,
      "Content-Length": String(compressed.size),
    });
    if (request.method === "HEAD") return void response.end();
    return void createReadStream(`${file}${suffix}`).pipe(response);
  }
  response.writeHead(status, { ...headers, "Content-Length": String(info.size) });
  if (request.method === "HEAD") return void response.end();
  createReadStream(file).pipe(response);
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const start = match[1] === "" ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
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
