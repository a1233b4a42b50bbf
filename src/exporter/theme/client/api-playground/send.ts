import type { PlaygroundRequest } from "./request.ts";

/*
 * Sending: from the reader's browser, with fetch, never with the page's cookies, given up after
 * 30 seconds or when the reader cancels.
 */

export const TIMEOUT_SECONDS = 30;

/** How a request ended: its answer and the time it took, or why none came. */
export type Outcome =
  | { kind: "answer"; answer: Response; bytes: Uint8Array; ms: number }
  | { kind: "timed out" }
  | { kind: "cancelled" }
  /** The request never reached the server, or the browser hid the answer (CORS). */
  | { kind: "unreachable" }
  | { kind: "failed"; message: string };

/** Sends the request and reads the whole answer; `cancel` stops it (and is used for the timeout). */
export async function sendRequest(
  method: string,
  request: PlaygroundRequest,
  cancel: AbortController,
): Promise<Outcome> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cancel.abort();
  }, TIMEOUT_SECONDS * 1000);
  const started = performance.now();
  try {
    const answer = await fetch(request.url, {
      method,
      headers: request.headers,
      body: request.payload,
      credentials: "omit",
      cache: "no-store",
      signal: cancel.signal,
    });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { kind: "answer", answer, bytes, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (cancel.signal.aborted) return { kind: timedOut ? "timed out" : "cancelled" };
    if (error instanceof TypeError) return { kind: "unreachable" };
    return { kind: "failed", message: String(error) };
  } finally {
    clearTimeout(timer);
  }
}
