import type { ProxyAnswer, ProxyRequest } from "../../../net/playground-proxy.ts";
import { message } from "../messages.ts";
import type { PlaygroundRequest } from "./request.ts";
import type { Transport } from "./transport.ts";

/*
 * Sending: from the reader's browser with fetch, or through the serving host's proxy
 * (transport.ts); never with the page's cookies unless the site asks for them on direct
 * requests (`api.playground.credentials`); given up after 30 seconds or when the reader cancels.
 */

export const TIMEOUT_SECONDS = 30;

/** How a request ended: its answer and the time it took, or why none came. */
export type Outcome =
  | { kind: "answer"; answer: Response; bytes: Uint8Array; ms: number; viaProxy: boolean }
  | { kind: "timed out" }
  | { kind: "cancelled" }
  /** The request never reached the server, or the browser hid the answer (CORS). */
  | { kind: "unreachable" }
  | { kind: "failed"; message: string };

/** Statuses whose answer has no body: a Response built with one throws. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** Sends the request and reads the whole answer; `cancel` stops it (and is used for the timeout). */
export async function sendRequest(
  method: string,
  request: PlaygroundRequest,
  cancel: AbortController,
  transport: Transport,
): Promise<Outcome> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cancel.abort();
  }, TIMEOUT_SECONDS * 1000);
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    if (transport.kind === "proxy") {
      const answer = await throughProxy(transport.url, method, request, cancel.signal);
      if ("message" in answer) return { kind: "failed", message: answer.message };
      const bytes = new Uint8Array(await answer.response.arrayBuffer());
      return { kind: "answer", answer: answer.response, bytes, ms: elapsed(), viaProxy: true };
    }
    const answer = await fetch(request.url, {
      method,
      headers: request.headers,
      body: request.payload,
      credentials: transport.credentials ? "include" : "omit",
      cache: "no-store",
      signal: cancel.signal,
    });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { kind: "answer", answer, bytes, ms: elapsed(), viaProxy: false };
  } catch (error) {
    if (cancel.signal.aborted) return { kind: timedOut ? "timed out" : "cancelled" };
    if (error instanceof TypeError) return { kind: "unreachable" };
    return { kind: "failed", message: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The request handed to the proxy as one JSON document, and its answer rebuilt as a Response.
 * The body is serialized by the browser itself (a form gets its boundary), then sent as base64.
 */
async function throughProxy(
  proxy: URL,
  method: string,
  request: PlaygroundRequest,
  signal: AbortSignal,
): Promise<{ response: Response } | { message: string }> {
  const prepared = new Request(request.url, {
    method,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { body: request.payload }),
  });
  const body =
    request.payload === undefined ? undefined : new Uint8Array(await prepared.arrayBuffer());
  const envelope: ProxyRequest = {
    method,
    url: request.url.href,
    headers: [...prepared.headers],
    ...(body ? { body: toBase64(body) } : {}),
  };
  const answer = await fetch(proxy, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(envelope),
    credentials: "omit",
    cache: "no-store",
    signal,
  });
  const text = await answer.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: message("proxyGaveNoReason", { status: answer.status }) };
  }
  if (!answer.ok)
    return {
      message: message("proxyRefused", {
        reason: (parsed as { error?: string }).error ?? answer.status,
      }),
    };
  const { status, statusText, headers, body: answerBody } = parsed as ProxyAnswer;
  if (!(status >= 200 && status <= 599))
    return { message: message("statusNotShowable", { status }) };
  const bytes = fromBase64(answerBody);
  const rebuilt = new Headers();
  for (const [name, value] of headers) {
    try {
      rebuilt.append(name, value);
    } catch {
      // A header a page may not hold is left out of what is shown.
    }
  }
  return {
    response: new Response(NO_BODY.has(status) ? null : bytes, {
      status,
      statusText,
      headers: rebuilt,
    }),
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: spreading a large array into one call overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
