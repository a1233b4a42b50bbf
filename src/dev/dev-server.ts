import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import mime from "mime";
import type { PreviewPage, Problem, SitePreview } from "../exporter/index.ts";
import { DEV_CLIENT_PATH, DEV_CLIENT_SCRIPT, DEV_EVENTS_PATH } from "./client-script.ts";
import type { LiveEvents } from "./live-events.ts";
import { showProblems } from "./shown-problem.ts";

/** Files Quire names by their content (`_quire/quire.3f2a9c1b.css`): a new content is a new name. */
const HASHED_FILE = /^_quire\/.*[.-][0-9a-f]{8,}(\.|\/|$)/;

export interface DevServerOptions {
  preview: SitePreview;
  events: LiveEvents;
  /** Called with each page served, as the browser sees it (the terminal reports its problems). */
  onPageServed?: (page: PreviewPage) => void;
  /** Called when serving a request failed inside Quire. */
  onFault?: (error: unknown) => void;
}

/**
 * The preview's HTTP server: pages rendered on request with the dev client script added, the
 * site's files from memory, the live-reload events, and the site's own 404 page. Nothing is
 * cached by the browser: every answer is the current state of the folder.
 */
export function createDevServer(options: DevServerOptions): Server {
  return createServer((request, response) => {
    answer(options, request, response).catch((error: unknown) => {
      options.onFault?.(error);
      if (!response.headersSent)
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(`quire dev: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
}

async function answer(
  options: DevServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { preview, events } = options;
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  if (url.pathname === DEV_CLIENT_PATH) {
    send(response, 200, "text/javascript; charset=utf-8", DEV_CLIENT_SCRIPT, { immutable: true });
    return;
  }
  if (url.pathname === DEV_EVENTS_PATH) {
    events.listen(request, response, url.searchParams.get("page") ?? "");
    return;
  }
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(url.pathname);
  } catch {
    send(
      response,
      400,
      "text/plain; charset=utf-8",
      "quire dev: the path is not valid URL encoding\n",
    );
    return;
  }
  const markdownOf = urlPath.endsWith(".md") ? preview.pageOfUrl(urlPath.slice(0, -3)) : undefined;
  const markdown = markdownOf ? await preview.page(markdownOf) : undefined;
  if (markdown) {
    send(response, 200, "text/markdown; charset=utf-8", markdown.markdown);
    return;
  }
  const pagePath = preview.pageOfUrl(urlPath);
  if (pagePath) {
    const page = await preview.page(pagePath);
    if (page) {
      options.onPageServed?.(page);
      const problems = [...page.problems, ...preview.siteProblems()];
      send(response, 200, "text/html; charset=utf-8", withDevClient(page, problems, preview.root));
      return;
    }
  }
  const bundlePath = urlPath.replace(/^\/+/, "");
  const file = await preview.file(bundlePath);
  if (file !== undefined) {
    if (HASHED_FILE.test(bundlePath)) {
      send(response, 200, mime.getType(urlPath) ?? "application/octet-stream", file, {
        immutable: true,
      });
      return;
    }
    // Other files (fonts, images) may change or not: the browser asks, and keeps its copy when
    // it is still the same.
    const etag = `"${createHash("sha1").update(file).digest("base64url")}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag, "cache-control": "no-cache" }).end();
      return;
    }
    send(response, 200, mime.getType(urlPath) ?? "application/octet-stream", file, { etag });
    return;
  }
  const redirect = preview.redirectOf(urlPath);
  if (redirect) {
    // Temporary whatever docs.json says: a browser keeps a permanent one after the preview.
    response.writeHead(302, { location: redirect, "cache-control": "no-store" }).end();
    return;
  }
  // With the dev client too: the page that is missing now may be written next.
  const missing = {
    pagePath: urlPath.replace(/^\/+/, "").replace(/\.html$/, ""),
    html: preview.notFoundPage(),
  };
  send(
    response,
    404,
    "text/html; charset=utf-8",
    withDevClient(missing, preview.siteProblems(), preview.root),
  );
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  options: { immutable?: boolean; etag?: string } = {},
): void {
  response.writeHead(status, {
    "content-type": contentType,
    ...(options.etag ? { etag: options.etag } : {}),
    // A page loads again after every save: the theme's files, named by their content, are
    // kept by the browser; anything else is asked for afresh.
    "cache-control": options.immutable
      ? "public, max-age=31536000, immutable"
      : options.etag
        ? "no-cache"
        : "no-store",
    "content-length": Buffer.byteLength(body),
  });
  response.end(response.req.method === "HEAD" ? undefined : body);
}

/** The page with the dev client script before `</body>`, given the page and its problems as attributes. */
function withDevClient(
  page: Pick<PreviewPage, "pagePath" | "html">,
  problems: Problem[],
  root: string,
): string {
  const shown = JSON.stringify(showProblems(root, problems));
  const tag = `<script src="${DEV_CLIENT_PATH}" defer data-page="${escapeAttribute(page.pagePath)}" data-problems="${escapeAttribute(shown)}"></script>\n`;
  const at = page.html.lastIndexOf("</body>");
  return at < 0 ? page.html + tag : page.html.slice(0, at) + tag + page.html.slice(at);
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
