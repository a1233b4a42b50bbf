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

/*
 * One HTTP request under the network rules: only public addresses unless the operator allows
 * the host, checked on every address the name resolves to and pinned (the socket connects only
 * to an address that passed), and the answer read within a size limit. Used by export-time
 * fetches (fetch-text.ts) and by `quire serve`'s API playground proxy.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name, as the system's resolver (getaddrinfo) answers. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Which addresses a request may reach. */
export interface AddressRules {
  /** Hosts the operator allows although they are not public. */
  allowedHosts: AllowedHosts;
  /** Name resolution; the system's unless a test gives its own. */
  resolve?: Resolver;
  /** Where the operator allows a private host, named in a refusal (the export's setting by default). */
  hint?: string;
}

const systemResolver: Resolver = async (hostname) =>
  (await systemLookup(hostname, { all: true, order: "verbatim" })) as ResolvedAddress[];

/** Makes the error a refusal or failure is reported with. */
export type Fail = (kind: FetchError["kind"], reason: string, cause?: unknown) => FetchError;

/** An http(s) URL without credentials; anything else is refused before any connection. */
export function parseUrl(text: string, fail: Fail): URL {
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
export function checkTarget(url: URL, rules: AddressRules, fail: Fail): void {
  const host = bareHost(url);
  if (isIP(host) === 0 || rules.allowedHosts.allowsAddress(host)) return;
  const what = describeNonPublicAddress(host);
  if (what)
    throw fail("refused", `refused: ${host} is ${what}; ${rules.hint ?? ALLOWED_HOSTS_HINT}`);
}

/** A URL's host as a socket takes it: an IPv6 address without its brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** One request to send: the method, its headers (a Host header is set here) and its body. */
export interface CheckedRequest {
  method: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

/**
 * Sends one request under the address rules; resolves with the response once its headers
 * arrived. Redirects are not followed: the caller checks where they lead.
 */
export function sendChecked(
  url: URL,
  outgoing: CheckedRequest,
  rules: AddressRules,
  signal: AbortSignal,
  fail: Fail,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let refusal: FetchError | undefined;
    const lookup = checkingLookup(rules, (why) => {
      refusal = fail("refused", why);
      return refusal;
    });
    const request = (url.protocol === "https:" ? https : http).request({
      protocol: url.protocol,
      hostname: bareHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: outgoing.method,
      headers: { ...outgoing.headers, host: url.host },
      // A fresh agent: no socket shared with another fetch, no proxy taken from the environment.
      agent: false,
      lookup,
      signal,
    });
    request.on("response", resolve);
    request.on("error", (error) => reject(refusal ?? error));
    request.end(outgoing.body);
  });
}

/**
 * Name resolution for one connection that hands the socket only the addresses that pass: all
 * of them when the operator allows the host by name, else the public ones and those in an
 * allowed range. The socket connects to what this returns, so the address checked is the
 * address used (a second, different DNS answer is never asked for).
 */
function checkingLookup(rules: AddressRules, refuse: (reason: string) => Error): LookupFunction {
  const { allowedHosts } = rules;
  const resolve = rules.resolve ?? systemResolver;
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
              `refused: ${hostname} resolves to ${refused.address}, ${what}; ${rules.hint ?? ALLOWED_HOSTS_HINT}`,
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
 * Reads the answer, decoded. Counting happens as it streams, before and after decoding, so
 * neither a lying Content-Length nor a compression bomb gets past `maxBytes`.
 */
export async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  fail: Fail,
): Promise<Buffer> {
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
  return Buffer.concat(chunks, size);
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
export function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME")
    return "the host name was not found";
  if (code === "ECONNREFUSED") return "the server refused the connection";
  if (code === "ECONNRESET") return "the server closed the connection";
  return error instanceof Error ? error.message : String(error);
}

/** What `exchange` sends. */
export interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface ExchangeOptions extends AddressRules {
  /** Bytes the answer may have, decoded and as received. */
  maxBytes: number;
  signal: AbortSignal;
  /** Whether a redirect is followed here; one that is not is the answer. */
  follow: (from: URL, to: URL) => boolean;
  maxRedirects: number;
}

export interface ExchangeAnswer {
  status: number;
  statusText: string;
  /** Name, value, name, value…, as received. */
  rawHeaders: string[];
  /** Decoded from any Content-Encoding. */
  body: Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One request and its answer under the address rules, whatever the status: redirects that
 * `follow` accepts are followed (checked again), a 303, and a 301 or 302 answering a POST,
 * going on as a GET without the body, as browsers do. Throws a FetchError whose reason is one
 * line: `refused` for an address the rules do not allow, `failed` for the rest.
 */
export async function exchange(
  url: URL,
  request: Exchange,
  options: ExchangeOptions,
): Promise<ExchangeAnswer> {
  let target = url;
  let { method, body } = request;
  const headers = { ...request.headers };
  const fail: Fail = (kind, reason, cause) => new FetchError(target.href, kind, reason, { cause });
  for (let redirects = 0; ; redirects++) {
    checkTarget(target, options, fail);
    const reply = await sendChecked(
      target,
      { method, headers, body },
      options,
      options.signal,
      fail,
    );
    const status = reply.statusCode ?? 0;
    const next = REDIRECT_STATUSES.has(status) ? locationOf(reply, target) : undefined;
    if (next && redirects < options.maxRedirects && options.follow(target, next)) {
      reply.destroy();
      if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
      }
      target = next;
      continue;
    }
    if (method === "HEAD") reply.destroy();
    return {
      status,
      statusText: reply.statusMessage ?? "",
      rawHeaders: reply.rawHeaders,
      body:
        method === "HEAD"
          ? Buffer.alloc(0)
          : await readBody(reply, options.maxBytes, options.signal, fail),
    };
  }
}

function locationOf(reply: IncomingMessage, from: URL): URL | undefined {
  const location = reply.headers.location;
  if (!location) return undefined;
  try {
    return new URL(location, from);
  } catch {
    return undefined;
  }
}
