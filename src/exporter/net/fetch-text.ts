import { lookup as systemLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { describeNonPublicAddress } from "./address-ranges.ts";
import { ALLOWED_HOSTS_HINT, type AllowedHosts } from "./allowed-hosts.ts";
import { FetchError } from "./fetch-error.ts";

/** Redirects followed before giving up. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name, as the system's resolver (getaddrinfo) answers. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

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

const systemResolver: Resolver = async (hostname) =>
  (await systemLookup(hostname, { all: true, order: "verbatim" })) as ResolvedAddress[];

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
      checkTarget(target, options.allowedHosts, fail);
      const response = await send(target, options, signal, fail);
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
      return await readBody(response, options.maxBytes, signal, fail);
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted)
      throw fail("failed", `not fetched within ${options.timeoutMs / 1000} s`, error);
    if (error instanceof FetchError) throw error;
    throw fail("failed", describeNetworkError(error), error);
  }
}

type Fail = (kind: FetchError["kind"], reason: string, cause?: unknown) => FetchError;

/** An http(s) URL without credentials; anything else is refused before any connection. */
function parseUrl(text: string, fail: Fail): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail("refused", "not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw fail("refused", `only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password)
    throw fail("refused", "a URL with a user name or password is not fetched");
  return url;
}

/** A URL whose host is an IP address is checked here: no name resolution happens for it. */
function checkTarget(url: URL, allowedHosts: AllowedHosts, fail: Fail): void {
  const host = bareHost(url);
  if (isIP(host) === 0 || allowedHosts.allowsAddress(host)) return;
  const what = describeNonPublicAddress(host);
  if (what) throw fail("refused", `refused: ${host} is ${what}; ${ALLOWED_HOSTS_HINT}`);
}

/** A URL's host as a socket takes it: an IPv6 address without its brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Sends the GET; resolves with the response once its headers arrived. */
function send(
  url: URL,
  options: FetchTextOptions,
  signal: AbortSignal,
  fail: Fail,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let refusal: FetchError | undefined;
    const lookup = checkingLookup(
      options.allowedHosts,
      options.resolve ?? systemResolver,
      (why) => {
        refusal = fail("refused", why);
        return refusal;
      },
    );
    const request = (url.protocol === "https:" ? https : http).request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: {
        host: url.host,
        accept: "application/json, application/yaml, text/yaml;q=0.9, */*;q=0.8",
        "accept-encoding": "gzip, deflate, br",
        "user-agent": "Quire",
      },
      // A fresh agent: no socket shared with another fetch, no proxy taken from the environment.
      agent: false,
      lookup,
      signal,
    });
    request.on("response", resolve);
    request.on("error", (error) => reject(refusal ?? error));
    request.end();
  });
}

/**
 * Name resolution for one connection that hands the socket only the addresses that pass: all
 * of them when the operator allows the host by name, else the public ones and those in an
 * allowed range. The socket connects to what this returns, so the address checked is the
 * address used (a second, different DNS answer is never asked for).
 */
function checkingLookup(
  allowedHosts: AllowedHosts,
  resolve: Resolver,
  refuse: (reason: string) => Error,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (answer) => {
        const family = lookupOptions.family;
        const addresses = answer.filter(
          (entry) => !(family === 4 || family === 6) || entry.family === family,
        );
        const byName = allowedHosts.allowsName(hostname);
        const usable = addresses.filter(
          (entry) =>
            byName ||
            allowedHosts.allowsAddress(entry.address) ||
            describeNonPublicAddress(entry.address) === undefined,
        );
        const first = usable[0];
        if (!first) {
          const refused = addresses[0];
          if (!refused)
            return callback(
              Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }),
              "",
            );
          const what = describeNonPublicAddress(refused.address);
          return callback(
            refuse(
              `refused: ${hostname} resolves to ${refused.address}, ${what}; ${ALLOWED_HOSTS_HINT}`,
            ),
            "",
          );
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

/**
 * Reads the answer, decoded, into text. Counting happens as it streams, before and after
 * decoding, so neither a lying Content-Length nor a compression bomb gets past `maxBytes`.
 */
async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  fail: Fail,
): Promise<string> {
  const tooLarge = () =>
    fail("failed", `the answer is larger than ${formatLimit(maxBytes)} (reading stopped there)`);
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const decoder = decoderFor(response.headers["content-encoding"]);
  if (decoder === "unsupported") {
    response.destroy();
    throw fail(
      "failed",
      `the answer's Content-Encoding "${response.headers["content-encoding"]}" is not supported`,
    );
  }
  let received = 0;
  let size = 0;
  const chunks: Buffer[] = [];
  async function* countReceived(source: Readable) {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) throw tooLarge();
      yield chunk;
    }
  }
  async function collect(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  try {
    if (decoder) await pipeline(response, countReceived, decoder, collect, { signal });
    else await pipeline(response, countReceived, collect, { signal });
  } catch (error) {
    if (error instanceof FetchError || signal.aborted) throw error;
    throw fail("failed", `the answer could not be read: ${(error as Error).message}`, error);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** The stream that decodes a Content-Encoding: undefined for none, "unsupported" for another. */
function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined | "unsupported" {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
    case "":
      return undefined;
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return "unsupported";
  }
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes} bytes`;
}

/** One line for a socket or TLS error. */
function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME")
    return "the host name was not found";
  if (code === "ECONNREFUSED") return "the server refused the connection";
  if (code === "ECONNRESET") return "the server closed the connection";
  return error instanceof Error ? error.message : String(error);
}
