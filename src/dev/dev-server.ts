import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import mime from "mime";
import type { PreviewPage, Problem, SitePreview } from "../exporter/index.ts";
import { DEV_CLIENT_PATH, DEV_CLIENT_SCRIPT, DEV_EVENTS_PATH } from "./client-script.ts";
import type { LiveEvents } from "./live-events.ts";
import { showProblems } from "./shown-problem.ts";

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
    send(response, 200, "text/javascript; charset=utf-8", DEV_CLIENT_SCRIPT);
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
  if (markdownOf) {
    const page = await preview.page(markdownOf);
    if (page) send(response, 200, "text/markdown; charset=utf-8", page.markdown);
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
  const file = await preview.file(urlPath.replace(/^\/+/, ""));
  if (file !== undefined) {
    send(response, 200, mime.getType(urlPath) ?? "application/octet-stream", file);
    return;
  }
  send(response, 404, "text/html; charset=utf-8", preview.notFoundPage());
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
): void {
  response.writeHead(status, {
    "content-type": contentType,
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
  });
  response.end(response.req.method === "HEAD" ? undefined : body);
}

/** The page with the dev client script before `</body>`, given the page and its problems as attributes. */
function withDevClient(page: PreviewPage, problems: Problem[], root: string): string {
  const shown = JSON.stringify(showProblems(root, problems));
  const tag = `<script src="${DEV_CLIENT_PATH}" data-page="${escapeAttribute(page.pagePath)}" data-problems="${escapeAttribute(shown)}"></script>\n`;
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
