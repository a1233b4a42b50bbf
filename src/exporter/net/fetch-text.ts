import type { AllowedHosts } from "./allowed-hosts.ts";
import {
  checkTarget,
  describeNetworkError,
  parseUrl,
  type Resolver,
  readBody,
  sendChecked,
} from "./checked-request.ts";
import { FetchError } from "./fetch-error.ts";

export type { ResolvedAddress, Resolver } from "./checked-request.ts";

/** Redirects followed before giving up. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What an export asks a server for: a specification, usually JSON or YAML. */
const GET = {
  method: "GET",
  headers: {
    accept: "application/json, application/yaml, text/yaml;q=0.9, */*;q=0.8",
    "accept-encoding": "gzip, deflate, br",
    "user-agent": "Quire",
  },
};

export interface FetchTextOptions {
  /** Hosts the operator allows although they are not public. */
  allowedHosts: AllowedHosts;
  /** Bytes the answer may have, decoded and as received; reading stops as soon as it is passed. */
  maxBytes: number;
  /** Time the whole fetch may take, redirects and reading included. */
  timeoutMs: number;
  /** Stops the fetch; its reason is thrown as it is. */
  signal?: AbortSignal;
  /** Name resolution; the system's unless a test gives its own. */
  resolve?: Resolver;
}

/**
 * GETs an http(s) URL as text under the export's network rules: only public addresses unless
 * the operator allows the host, checked on every address the name resolves to and pinned (the
 * socket connects only to an address that passed), redirects followed here and checked again,
 * the body streamed and cut off at `maxBytes`, the whole within `timeoutMs`. Throws a
 * FetchError whose reason is one line.
 */
export async function fetchText(url: string, options: FetchTextOptions): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // Before a redirect the reason is about the URL given; after one, about where it led.
  let context = "";
  const fail = (kind: FetchError["kind"], reason: string, cause?: unknown) =>
    new FetchError(url, kind, `${context}${reason}`, { cause });
  try {
    let target = parseUrl(url, fail);
    for (let redirects = 0; ; redirects++) {
      const rules = { allowedHosts: options.allowedHosts, resolve: options.resolve };
      checkTarget(target, rules, fail);
      const response = await sendChecked(target, GET, rules, signal, fail);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw fail("failed", `the server answered ${status} without a Location`);
        if (redirects === MAX_REDIRECTS)
          throw fail("failed", `more than ${MAX_REDIRECTS} redirects`);
        let next: string;
        try {
          next = new URL(location, target).href;
        } catch {
          throw fail("failed", `the server redirected to "${location}", which is not a URL`);
        }
        context = `redirected to ${next}: `;
        target = parseUrl(next, fail);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw fail(
          "failed",
          `the server answered ${status} ${response.statusMessage ?? ""}`.trim(),
        );
      }
      return new TextDecoder().decode(await readBody(response, options.maxBytes, signal, fail));
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted)
      throw fail("failed", `not fetched within ${options.timeoutMs / 1000} s`, error);
    if (error instanceof FetchError) throw error;
    throw fail("failed", describeNetworkError(error), error);
  }
}
