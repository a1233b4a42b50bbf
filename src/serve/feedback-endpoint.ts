import type { IncomingMessage, ServerResponse } from "node:http";
import type { FeedbackStore } from "./feedback-store.ts";

/** The path of the server pages post their feedback to (`--export-feedback-url /_quire/feedback`). */
export const FEEDBACK_PATH = "/_quire/feedback";

/** The largest body an answer needs: `{"page": "...", "helpful": true}`. */
const MAX_BODY_BYTES = 2048;
/** The longest page path accepted. */
const MAX_PAGE_LENGTH = 512;
/** Answers one address may give per window. */
const VOTES_PER_WINDOW = 20;
const WINDOW_MS = 60_000;
/** Addresses remembered at once; past this the oldest windows are forgotten. */
const MAX_ADDRESSES = 10_000;

/** Counts answers per client address over a fixed window, in memory. */
export class AddressRateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit = VOTES_PER_WINDOW, windowMs = WINDOW_MS) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Seconds to wait when the address is over its limit, else 0 (and the answer is counted). */
  take(address: string, now = Date.now()): number {
    let window = this.#windows.get(address);
    if (!window || now - window.start >= this.#windowMs) {
      if (!window && this.#windows.size >= MAX_ADDRESSES) this.#forgetExpired(now);
      window = { start: now, count: 0 };
      this.#windows.set(address, window);
    }
    if (window.count >= this.#limit)
      return Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
    window.count += 1;
    return 0;
  }

  #forgetExpired(now: number): void {
    for (const [address, window] of this.#windows)
      if (now - window.start >= this.#windowMs) this.#windows.delete(address);
    // Still full: every address is active; start over rather than grow.
    if (this.#windows.size >= MAX_ADDRESSES) this.#windows.clear();
  }
}

export interface FeedbackContext {
  /** The store answers are counted in, opened on the first answer to count. */
  store: () => FeedbackStore;
  /** Told when the store cannot be opened or written; the reader gets a 500. */
  failed(error: unknown): void;
  limiter: AddressRateLimiter;
  /** The reader's address, which the limiter counts (reader-address.ts). */
  reader: string;
  /** Whether the active version takes feedback here and has this page. */
  accepts(page: string): "yes" | "not-collected" | "no-such-page";
}

/**
 * `POST /_quire/feedback` with `{"page": "guides/setup", "helpful": true}`: counted when the
 * active version's pages post here and the page is one of them; 204. Every refusal is JSON
 * `{"error": ...}` naming what was wrong.
 */
export function handleFeedback(
  request: IncomingMessage,
  response: ServerResponse,
  context: FeedbackContext,
): void {
  const refuse = (status: number, error: string, headers: Record<string, string> = {}) => {
    if (response.headersSent) return;
    response.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "close",
      ...headers,
    });
    response.end(JSON.stringify({ error }));
  };
  if (request.method !== "POST")
    return void refuse(405, "feedback is sent with POST", { Allow: "POST" });
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? ""))
    return void refuse(415, "the feedback body must be JSON (Content-Type: application/json)");
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES)
    return void refuse(413, `the feedback body is over ${MAX_BODY_BYTES} bytes`);
  const wait = context.limiter.take(context.reader);
  if (wait > 0)
    return void refuse(429, "too much feedback from this address; try again later", {
      "Retry-After": String(wait),
    });
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refuse(413, `the feedback body is over ${MAX_BODY_BYTES} bytes`);
      request.destroy();
      return;
    }
    chunks.push(chunk);
  });
  request.on("end", () => {
    if (size > MAX_BODY_BYTES) return;
    const vote = parseVote(Buffer.concat(chunks).toString("utf8"));
    if (typeof vote === "string") return void refuse(400, vote);
    const verdict = context.accepts(vote.page);
    if (verdict === "not-collected")
      return void refuse(404, "this site's pages do not send their feedback here");
    if (verdict === "no-such-page") return void refuse(404, `the site has no page "${vote.page}"`);
    let recorded: boolean;
    try {
      recorded = context.store().record(vote.page, vote.helpful);
    } catch (error) {
      // Past the request's own handler: thrown here, it would stop the server.
      context.failed(error);
      return void refuse(500, "the feedback could not be stored");
    }
    if (!recorded) return void refuse(507, "the feedback store is full");
    response.writeHead(204, { "Cache-Control": "no-store" });
    response.end();
  });
}

/** The answer in a body, or what is wrong with it. */
function parseVote(text: string): { page: string; helpful: boolean } | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the feedback body is not valid JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return 'the feedback body must be an object with "page" and "helpful"';
  const { page, helpful } = body as Record<string, unknown>;
  if (typeof page !== "string" || page === "" || page.length > MAX_PAGE_LENGTH)
    return `"page" must be a page path of at most ${MAX_PAGE_LENGTH} characters`;
  if (typeof helpful !== "boolean") return '"helpful" must be true or false';
  return { page, helpful };
}
