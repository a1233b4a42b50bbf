import { isObject } from "../../common/is-object.ts";
import { retry } from "../../common/retry.ts";
import { ForgeError, type ForgeOptions } from "./forge.ts";

/** One REST call to a forge. */
export interface ForgeCall {
  method: "GET" | "POST";
  /** The path under the API root, each segment already encoded: `/repos/acme/docs/pulls`. */
  path: string;
  query?: Record<string, string | number>;
  /** Sent as JSON. */
  body?: unknown;
  /** What the call does, for messages: "open the pull request in acme/docs". */
  operation: string;
}

export interface ForgeClientSettings {
  /** The forge's name in messages: "GitHub". */
  name: string;
  /** The API root, without a trailing slash. */
  apiUrl: string;
  /** The forge's authentication and content headers. */
  headers: Record<string, string>;
  /** The token, kept out of every message. */
  token: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/**
 * Makes a forge's REST calls: a timeout per call, the caller's abort signal, bounded retries
 * with back-off for network errors, 5xx and rate limits (honouring `Retry-After`), never for
 * other 4xx, and errors that name the forge, the operation, the status and the forge's reason.
 */
export class ForgeClient {
  readonly #settings: ForgeClientSettings;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryDelayMs: number;
  readonly #fetch: typeof fetch;

  constructor(settings: ForgeClientSettings, options: ForgeOptions = {}) {
    this.#settings = settings;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#attempts = Math.max(1, Math.floor(options.attempts ?? 4));
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.#fetch = options.fetch ?? fetch;
  }

  /** The parsed JSON answer of a 2xx; a `ForgeError` otherwise. */
  async call(call: ForgeCall, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(`${this.#settings.apiUrl}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {}))
      url.searchParams.set(name, String(value));
    return retry(() => this.#attempt(call, url, signal), {
      attempts: this.#attempts,
      delayMs: this.#retryDelayMs,
      jitter: true,
      maxDelayMs: this.#maxRetryDelayMs,
      signal,
      shouldRetry: (error) => error instanceof ForgeError && error.transient,
      requestedDelayMs: (error) => (error as ForgeError).retryAfterMs,
      giveUp: (error, tries, waitMs) =>
        this.#amend(
          error as ForgeError,
          waitMs === undefined
            ? `gave up after ${tries} tries`
            : `it asks to wait ${Math.ceil(waitMs / 1000)} s`,
        ),
    });
  }

  /** A ForgeError for an answer of the wrong shape. */
  unexpected(operation: string, what: string): ForgeError {
    return new ForgeError(
      `${this.#settings.name} sent an unexpected answer when asked to ${operation}: ${what}`,
      null,
    );
  }

  /** One try: the parsed answer, or a ForgeError that says whether another try may succeed. */
  async #attempt(call: ForgeCall, start: URL, signal: AbortSignal | undefined): Promise<unknown> {
    const { name } = this.#settings;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { ...this.#settings.headers };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    let url = start;
    for (let redirects = 0; ; redirects++) {
      let response: Response;
      let text: string;
      try {
        // Redirects are followed here, not by fetch, so that the token is never sent elsewhere.
        response = await this.#fetch(url, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: combined,
          redirect: "manual",
        });
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const message = timeout.aborted
          ? `${name} did not answer within ${this.#timeoutMs / 1000} s when asked to ${call.operation}`
          : `could not reach ${name} at ${url.origin} to ${call.operation}: ${this.#redact(describeCause(error))}`;
        throw new ForgeError(message, null, { cause: error, transient: true });
      }
      if (REDIRECTS.has(response.status)) {
        const location = response.headers.get("location");
        const next = location ? new URL(location, url) : null;
        if (
          next &&
          next.origin === url.origin &&
          call.method === "GET" &&
          redirects < MAX_REDIRECTS
        ) {
          url = next;
          continue;
        }
        const where = next ? ` to ${next.origin}${next.pathname}` : "";
        throw new ForgeError(
          `${name} redirected the request to ${call.operation}${where} (${response.status}): check the forge API URL`,
          response.status,
        );
      }
      if (response.ok) {
        if (text.trim() === "") return null;
        try {
          return JSON.parse(text);
        } catch (error) {
          throw new ForgeError(
            `${name} answered with something other than JSON when asked to ${call.operation} (${response.status}): check the forge API URL`,
            response.status,
            { cause: error },
          );
        }
      }
      throw this.#httpError(call, response, text);
    }
  }

  #httpError(call: ForgeCall, response: Response, text: string): ForgeError {
    const { status } = response;
    const verb = status >= 500 ? "failed to" : "refused to";
    const detail = this.#redact(describeBody(text, response.statusText));
    const hint =
      status === 401
        ? " (check the project's forge token)"
        : status === 403 && !isTransient(response)
          ? " (check that the forge token may do this)"
          : status === 404
            ? " (check the repository URL, the forge API URL, and that the token can see the repository)"
            : "";
    return new ForgeError(
      `${this.#settings.name} ${verb} ${call.operation} (${status}): ${detail}${hint}`,
      status,
      { transient: isTransient(response), retryAfterMs: retryAfterMs(response.headers) },
    );
  }

  #amend(error: ForgeError, note: string): ForgeError {
    return new ForgeError(`${error.message}; ${note}`, error.status, { cause: error.cause });
  }

  #redact(text: string): string {
    const { token } = this.#settings;
    return token.length >= 4 ? text.split(token).join("[redacted]") : text;
  }
}

/** Worth another try: the forge is overloaded, rate-limiting, or failed on its side. */
function isTransient(response: Response): boolean {
  if (response.status >= 500 || response.status === 429) return true;
  // GitHub signals rate limits with 403 too, always with one of these headers.
  return (
    response.status === 403 &&
    (response.headers.has("retry-after") || response.headers.get("x-ratelimit-remaining") === "0")
  );
}

/** The wait a forge asks for: `Retry-After` (seconds or a date), or GitHub's rate-limit reset. */
function retryAfterMs(headers: Headers): number | null {
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const reset = headers.get("x-ratelimit-reset");
  if (headers.get("x-ratelimit-remaining") === "0" && reset && /^\d+$/.test(reset))
    return Math.max(0, Number(reset) * 1000 - Date.now());
  return null;
}

/**
 * The forge's own explanation from an error body: GitHub's `errors[].message` or `message`,
 * GitLab's `message` (a string, a list, or messages by field) or `error`, Gitea's `message`.
 */
function describeBody(text: string, statusText: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const fromJson = data === undefined ? "" : describeJson(data);
  if (fromJson) return truncate(fromJson);
  if (text.trim() && !/<(!doctype|html)/i.test(text))
    return truncate(text.replace(/\s+/g, " ").trim());
  return statusText || "no reason given";
}

function describeJson(data: unknown): string {
  if (typeof data === "string") return data;
  if (!isObject(data)) return "";
  const errors = Array.isArray(data.errors)
    ? data.errors.map(describeItem).filter((item) => item.length > 0)
    : [];
  if (errors.length > 0) return errors.join("; ");
  const message = describeMessage(data.message);
  if (message) return message;
  if (typeof data.error === "string")
    return typeof data.error_description === "string"
      ? `${data.error}: ${data.error_description}`
      : data.error;
  return "";
}

function describeMessage(message: unknown): string {
  if (typeof message === "string") return message;
  if (Array.isArray(message)) return message.filter((item) => typeof item === "string").join("; ");
  if (isObject(message))
    return Object.entries(message)
      .map(([field, value]) =>
        `${field} ${Array.isArray(value) ? value.join(", ") : String(value)}`.trim(),
      )
      .join("; ");
  return "";
}

function describeItem(item: unknown): string {
  if (typeof item === "string") return item;
  if (!isObject(item)) return "";
  if (typeof item.message === "string") return item.message;
  return [item.resource, item.field, item.code]
    .filter((part) => typeof part === "string")
    .join(" ");
}

function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof AggregateError && cause.errors[0] instanceof Error)
    return cause.errors[0].message;
  return cause instanceof Error ? cause.message : String(cause);
}

function truncate(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
