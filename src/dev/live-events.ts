import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A comment line this often keeps idle connections (and proxies in between) open. */
const KEEP_ALIVE_MS = 15_000;

interface Listener {
  response: ServerResponse;
  /** The page the browser shows. */
  pagePath: string;
}

/**
 * The open pages of the preview, each listening on a Server-Sent Events stream: the dev server
 * tells them to show themselves again when a change touches them.
 */
export class LiveEvents {
  private readonly listeners = new Set<Listener>();
  /** Names this server: a page that reconnects to another (the preview was restarted) loads again. */
  private readonly serverId = randomUUID();
  private readonly keepAlive: NodeJS.Timeout;

  constructor() {
    this.keepAlive = setInterval(() => {
      for (const listener of this.listeners) listener.response.write(": keep-alive\n\n");
    }, KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /** Answers a browser's `EventSource` request and keeps it until the browser leaves. */
  listen(request: IncomingMessage, response: ServerResponse, pagePath: string): void {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    response.write(
      `retry: 500\nevent: hello\ndata: ${JSON.stringify({ server: this.serverId })}\n\n`,
    );
    const listener = { response, pagePath };
    this.listeners.add(listener);
    request.on("close", () => this.listeners.delete(listener));
  }

  /** The pages browsers show now. */
  openPages(): Set<string> {
    return new Set([...this.listeners].map((listener) => listener.pagePath));
  }

  /** Tells the open pages among `pages` (every one for `all`) to load again. */
  reload(pages: readonly string[] | "all"): number {
    const data = JSON.stringify({ pages });
    let told = 0;
    for (const listener of this.listeners) {
      if (pages !== "all" && !pages.includes(listener.pagePath)) continue;
      listener.response.write(`event: reload\ndata: ${data}\n\n`);
      told++;
    }
    return told;
  }

  /** Ends every stream: the server can then close. */
  close(): void {
    clearInterval(this.keepAlive);
    for (const listener of this.listeners) listener.response.end();
    this.listeners.clear();
  }
}
