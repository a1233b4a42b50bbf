import type { IncomingMessage, ServerResponse } from "node:http";
import type { LanguageModel } from "ai";
import type { Logger } from "pino";
import { type BundleSearch, openBundleSearch } from "../exporter/index.ts";
import { RateLimiter } from "./rate-limiter.ts";
import { type RetrievedPage, retrievePages } from "./retrieve-pages.ts";

/**
 * The readers' assistant protocol (docs/bundle-format.md, "Assistant"), the one implementation
 * both servers use: `quire serve` beside the pages (serve/assistant-route.ts) and the admin
 * API's public route for cloud projects (http/routes/assistant.ts). `GET` says whether it
 * answers, `POST` with `{"question": "..."}` answers from a site's own pages, streamed as
 * server-sent events. It speaks plain Node requests and responses, so that either server hands
 * it the request as it came (the body unread) and the response to write.
 */

/** Bytes of a request body at most; a question is far shorter. */
const MAX_BODY_BYTES = 16 * 1024;
/** Characters of a question at most. */
export const MAX_QUESTION_CHARACTERS = 1000;
/** Tokens of one answer at most. */
const MAX_ANSWER_TOKENS = 1024;
/** Answers streamed at once by the whole server; more wait for none and are refused. */
const MAX_CONCURRENT_ANSWERS = 16;
export interface AssistantSettings {
  /** The operator's model, or null when none is configured (every question is refused). */
  model: LanguageModel | null;
  /** Questions one reader address may ask per minute. */
  perMinute: number;
  /** Time one answer may take, retrieval included, before it is cut off. */
  timeoutSeconds: number;
  /**
   * Opened search indexes kept in memory, by site folder and language: `quire serve` needs its
   * active version's and the one before; the API one per project readers are asking about.
   */
  keptIndexes: number;
  /** What a `POST` is refused with (503) when there is no site to answer from. */
  noSiteMessage: string;
  logger: Logger;
}

/** The site a request asks about, and who asks. */
export interface AssistantTarget {
  /** The folder of the site's files (its search index and `.md` pages), or null when none. */
  root: string | null;
  /** The reader's address, which the per-minute limit counts questions by. */
  address: string;
}

/** Handles one request of the protocol; the response is written and ended by it. */
export type AssistantHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  target: AssistantTarget,
) => void;

export function createAssistantHandler(settings: AssistantSettings): AssistantHandler {
  const limiter = new RateLimiter(settings.perMinute);
  const indexes = new Map<string, Promise<BundleSearch>>();
  let answering = 0;

  /** The index of a version's folder: the site's, or the asking page's language's (`entry`). */
  const indexOf = (root: string, entry: string | undefined): Promise<BundleSearch> => {
    const key = `${root}\u0000${entry ?? ""}`;
    let index = indexes.get(key);
    if (!index) {
      index = openBundleSearch(root, entry);
      index.catch(() => indexes.delete(key));
      if (indexes.size >= settings.keptIndexes)
        indexes.delete(indexes.keys().next().value as string);
      indexes.set(key, index);
    }
    return index;
  };

  const ask = async (
    request: IncomingMessage,
    response: ServerResponse,
    { root, address }: AssistantTarget,
  ) => {
    if (!settings.model) {
      sendError(response, 503, "the assistant is not available: this server has no model set up");
      return;
    }
    if (!root) {
      sendError(response, 503, settings.noSiteMessage);
      return;
    }
    if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
      sendError(response, 415, 'send the question as JSON: {"question": "..."}');
      return;
    }
    const body = await readBody(request, MAX_BODY_BYTES);
    if (body === undefined) {
      sendError(response, 413, `the request is larger than ${MAX_BODY_BYTES} bytes`);
      return;
    }
    const question = questionOf(body);
    if (question === undefined) {
      sendError(response, 400, 'send the question as JSON: {"question": "..."}');
      return;
    }
    if (question === "") {
      sendError(response, 400, "the question is empty");
      return;
    }
    if ([...question].length > MAX_QUESTION_CHARACTERS) {
      sendError(
        response,
        413,
        `the question is longer than ${MAX_QUESTION_CHARACTERS} characters: ask a shorter one`,
      );
      return;
    }
    const wait = limiter.take(address);
    if (wait > 0) {
      sendError(
        response,
        429,
        `too many questions: ${settings.perMinute} a minute at most; ask again in ${wait} s`,
        { "Retry-After": String(wait) },
      );
      return;
    }
    if (answering >= MAX_CONCURRENT_ANSWERS) {
      sendError(response, 503, "the assistant is busy: ask again in a moment", {
        "Retry-After": "5",
      });
      return;
    }
    answering += 1;
    try {
      await answer(response, root, question, searchEntryOf(body), settings.model);
    } finally {
      answering -= 1;
    }
  };

  const answer = async (
    response: ServerResponse,
    root: string,
    question: string,
    entry: string | undefined,
    model: LanguageModel,
  ) => {
    const timeout = AbortSignal.timeout(settings.timeoutSeconds * 1000);
    const left = new AbortController();
    response.once("close", () => left.abort(new Error("the reader left")));
    const signal = AbortSignal.any([timeout, left.signal]);
    let pages: RetrievedPage[];
    try {
      pages = await retrievePages(await indexOf(root, entry), root, question);
    } catch (error) {
      settings.logger.error({ err: error }, "the assistant could not read the site's search index");
      sendError(response, 500, "the assistant could not search this site");
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Accel-Buffering": "no",
    });
    const send = (event: string, data: unknown) =>
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send(
      "sources",
      pages.map((page, index) => ({
        number: index + 1,
        title: page.title,
        path: page.path,
        anchor: page.anchor,
      })),
    );
    try {
      // The model's SDK loads with the first answer: a server with no model never pays for it.
      const { streamAnswer } = await import("../assistant/answer-question.ts");
      for await (const text of streamAnswer({
        model,
        question,
        pages,
        signal,
        maxOutputTokens: MAX_ANSWER_TOKENS,
      }))
        send("text", text);
      send("done", {});
    } catch (error) {
      if (left.signal.aborted) return;
      if (timeout.aborted) {
        send("error", {
          message: `the answer took longer than ${settings.timeoutSeconds} s and was cut off`,
        });
      } else {
        settings.logger.warn({ err: error }, "the assistant's model failed");
        send("error", { message: "the model did not answer: try again later" });
      }
    }
    response.end();
  };

  return (request, response, target) => {
    if (request.method === "GET" || request.method === "HEAD") {
      sendJson(response, 200, { available: settings.model !== null && target.root !== null });
      return;
    }
    if (request.method !== "POST") {
      response.setHeader("Allow", "GET, HEAD, POST");
      sendError(response, 405, "method not allowed");
      return;
    }
    ask(request, response, target).catch((error: unknown) => {
      settings.logger.error({ err: error }, "the assistant failed");
      if (!response.headersSent) sendError(response, 500, "the assistant failed");
      else response.end();
    });
  };
}

/** The body as text, or undefined when it is longer than `limit` bytes (reading stops there). */
async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      request.resume();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The search index the asking page uses (`index`: its `data-search-index`, the site's or its
 * language's); the site's when absent. openBundleSearch refuses any path that is not an index.
 */
function searchEntryOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "index" in parsed) {
      const { index } = parsed as { index: unknown };
      if (typeof index === "string" && index.length <= 200) return index;
    }
  } catch {
    // Not JSON: questionOf has answered 400 already.
  }
  return undefined;
}

/** The trimmed question of a `{"question": "..."}` body, or undefined when it has none. */
function questionOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "question" in parsed) {
      const { question } = parsed as { question: unknown };
      if (typeof question === "string") return question.trim();
    }
  } catch {
    // Not JSON: the caller answers 400.
  }
  return undefined;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  response.end(JSON.stringify(body));
}

export function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error: message }, headers);
}
