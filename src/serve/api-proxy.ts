import type { IncomingMessage, ServerResponse } from "node:http";
import { CodedError } from "../domain/errors.ts";
import {
  AllowedHosts,
  API_PROXY_PATH,
  checkUrl,
  describeNetworkError,
  exchange,
  FetchError,
  PROXY_HEADER,
  type ProxyAnswer,
  type ProxyRequest,
  type Resolver,
} from "../exporter/index.ts";

/**
 * The API playground's request proxy (docs.json `api.playground.proxy`): the page hands it a
 * request and it sends it from the server, so an API that does not allow browser calls (CORS)
 * can still be tried. It is no open relay:
 * - it sends only to the origins the active version's manifest lists (`connectOrigins`: the
 *   specifications' servers; never the readers' assistant's, see readPolicySources), only over
 *   http(s), and only to public addresses unless the operator allows the host
 *   (`--proxy-allow-hosts`), with the export's address rules (every address the name resolves
 *   to is checked, and the socket connects only to one that passed);
 * - it forwards no cookies either way and no header that names the page or the hop;
 * - it follows a redirect only within the same origin, and answers any other redirect as it is;
 * - the request, the answer and the time are bounded (PROXY_LIMITS);
 * - a page of another site cannot use it: a request whose Origin is not this server is refused,
 *   and a JSON body cannot be sent cross-site without a preflight this server never allows.
 */

export const PROXY_LIMITS = {
  /** The request body the playground may send. */
  requestBytes: 1024 * 1024,
  /** The answer body the proxy reads (decoded); past it, the answer is refused. */
  answerBytes: 8 * 1024 * 1024,
  /** The whole exchange, redirects included. */
  timeoutMs: 30_000,
  /** Request headers taken; more is refused. */
  headers: 100,
  /** Same-origin redirects followed. */
  redirects: 5,
} as const;

export type ProxyLimits = { -readonly [key in keyof typeof PROXY_LIMITS]: number };

/** The path the proxy answers at, from the site root. */
export const PROXY_PATHNAME = `/${API_PROXY_PATH}`;

/** Where an operator allows a private API host, named in every refusal. */
const PROXY_HOSTS_HINT =
  "add the host to the proxy's allowed hosts (quire serve --proxy-allow-hosts, QUIRE_SERVE_PROXY_ALLOW_HOSTS) to allow it";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a header value may not hold
const BAD_VALUE = /[\r\n\u0000]/;
/** Request headers never forwarded: cookies, the hop's own, and what names the page or the reader. */
const DROPPED_REQUEST = new Set([
  "host",
  "cookie",
  "cookie2",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "origin",
  "referer",
  "via",
  "forwarded",
  "accept-encoding",
  "proxy-authorization",
  "proxy-connection",
]);
/** Answer headers never passed back: cookies, and those that describe the hop or the raw body. */
const DROPPED_ANSWER = new Set([
  "set-cookie",
  "set-cookie2",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-encoding",
  "content-length",
  "trailer",
  "upgrade",
]);

/** A refusal or failure of the proxy itself, with the status it answers. */
/** A refusal of the proxy: its HTTP status, and a message the playground shows the reader. */
class ProxyError extends CodedError {
  readonly status: number;

  constructor(status: number, message: string) {
    super("QUIRE_ERR_SERVE_PROXY_REFUSED", message);
    this.status = status;
  }
}

export interface ApiProxyOptions {
  /** Private hosts the operator lets the proxy reach: host names, IP addresses, CIDR ranges. */
  allowHosts?: readonly string[];
  /** Name resolution; the system's unless a test gives its own. */
  resolve?: Resolver;
  limits?: Partial<ProxyLimits>;
}

export class ApiProxy {
  private readonly rules: { allowedHosts: AllowedHosts; resolve?: Resolver; hint: string };
  private readonly limits: ProxyLimits;

  /** Throws on an entry of `allowHosts` that is not a host name, an IP address or a CIDR range. */
  constructor(options: ApiProxyOptions = {}) {
    this.rules = {
      allowedHosts: new AllowedHosts(options.allowHosts ?? []),
      ...(options.resolve ? { resolve: options.resolve } : {}),
      hint: PROXY_HOSTS_HINT,
    };
    this.limits = { ...PROXY_LIMITS, ...options.limits };
  }

  /**
   * Answers a request for PROXY_PATHNAME. `origins` are the active version's `connectOrigins`:
   * with none, the site has no playground to serve and the proxy is not there (404).
   */
  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    origins: readonly string[],
  ): Promise<void> {
    try {
      if (origins.length === 0) throw new ProxyError(404, "this site has no API playground");
      if (request.method === "GET" || request.method === "HEAD") {
        answer(response, 200, { proxy: true });
        return;
      }
      if (request.method !== "POST") {
        response.setHeader("Allow", "GET, HEAD, POST");
        throw new ProxyError(405, "the proxy takes a POST of the request to send");
      }
      checkSameOrigin(request);
      if (!/^application\/json\b/i.test(request.headers["content-type"] ?? ""))
        throw new ProxyError(415, "the proxy takes the request as JSON (application/json)");
      const envelope = parseEnvelope(await readRequest(request, this.limits), this.limits);
      answer(response, 200, await this.send(envelope, origins, response));
    } catch (error) {
      if (response.headersSent) return void response.destroy();
      if (error instanceof ProxyError) answer(response, error.status, { error: error.message });
      else if (error instanceof FetchError)
        answer(response, error.kind === "refused" ? 403 : 502, { error: error.reason });
      else answer(response, 500, { error: "the proxy failed" });
    }
  }

  /** Sends the request, following same-origin redirects, and reads the answer. */
  private async send(
    envelope: CheckedEnvelope,
    origins: readonly string[],
    response: ServerResponse,
  ): Promise<ProxyAnswer> {
    const { url, ...request } = envelope;
    if (!origins.includes(url.origin))
      throw new ProxyError(
        403,
        `${url.origin} is not one of the servers of this site's API specifications; the proxy sends nowhere else`,
      );
    const timeout = AbortSignal.timeout(this.limits.timeoutMs);
    // The reader closed the page or pressed Cancel: nothing more is sent or read.
    const gone = new AbortController();
    response.on("close", () => gone.abort());
    try {
      const reply = await exchange(url, request, {
        ...this.rules,
        maxBytes: this.limits.answerBytes,
        signal: AbortSignal.any([timeout, gone.signal]),
        follow: (from, to) => from.origin === to.origin,
        maxRedirects: this.limits.redirects,
      });
      return {
        status: reply.status,
        statusText: reply.statusText,
        headers: answerHeaders(reply.rawHeaders),
        body: reply.body.toString("base64"),
      };
    } catch (error) {
      if (timeout.aborted)
        throw new ProxyError(504, `no answer within ${this.limits.timeoutMs / 1000} s`);
      if (error instanceof FetchError || error instanceof ProxyError) throw error;
      throw new ProxyError(502, describeNetworkError(error));
    }
  }
}

interface CheckedEnvelope {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * A page of another site may not use the proxy. A browser says where a request comes from
 * (`Sec-Fetch-Site`); without that header, the Origin, when sent, must name this server as the
 * reader reached it (its Host, or the X-Forwarded-Host a reverse proxy in front of it sets).
 */
function checkSameOrigin(request: IncomingMessage): void {
  const refused = new ProxyError(403, "the proxy answers this site's own pages only");
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) {
    if (site !== "same-origin" && site !== "none") throw refused;
    return;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw refused;
  }
  const forwarded = request.headers["x-forwarded-host"];
  const names = [
    request.headers.host,
    ...(typeof forwarded === "string" ? forwarded.split(",").map((name) => name.trim()) : []),
  ];
  if (!names.includes(host)) throw refused;
}

/** The request's JSON, read up to what the largest allowed body takes in base64, and no further. */
async function readRequest(request: IncomingMessage, limits: ProxyLimits): Promise<string> {
  const cap = Math.ceil((limits.requestBytes * 4) / 3) + 64 * 1024;
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > cap) throw tooLarge(limits);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw tooLarge(limits);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function tooLarge(limits: ProxyLimits): ProxyError {
  return new ProxyError(
    413,
    `the request body is larger than the proxy sends (${limits.requestBytes / 1024 / 1024} MB)`,
  );
}

/** The request to send, every part checked; anything malformed is refused with what is wrong. */
function parseEnvelope(text: string, limits: ProxyLimits): CheckedEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProxyError(400, "the request to send is not valid JSON");
  }
  if (!value || typeof value !== "object") throw new ProxyError(400, "expected a request object");
  const envelope = value as Partial<Record<keyof ProxyRequest, unknown>>;
  const method = typeof envelope.method === "string" ? envelope.method.toUpperCase() : "";
  if (!METHODS.has(method))
    throw new ProxyError(400, `the method "${String(envelope.method)}" is not sent by the proxy`);
  if (typeof envelope.url !== "string" || envelope.url.length > 8192)
    throw new ProxyError(400, "expected the URL to send to");
  const verdict = checkUrl(envelope.url, "resource");
  if (!verdict.ok) throw new ProxyError(400, `the URL is refused: ${verdict.reason}`);
  let url: URL;
  try {
    url = new URL(verdict.url);
  } catch {
    throw new ProxyError(400, "the URL is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ProxyError(400, `the proxy sends http and https requests only, not ${url.protocol}`);
  if (url.username || url.password)
    throw new ProxyError(400, "the proxy sends no URL with a user name or password");
  const headers: Record<string, string> = {};
  const list = envelope.headers ?? [];
  if (!Array.isArray(list) || list.length > limits.headers)
    throw new ProxyError(400, `expected at most ${limits.headers} headers as [name, value] pairs`);
  for (const pair of list) {
    if (!Array.isArray(pair) || typeof pair[0] !== "string" || typeof pair[1] !== "string")
      throw new ProxyError(400, "expected each header as a [name, value] pair of strings");
    const [name, headerValue] = pair as [string, string];
    if (!TOKEN.test(name) || BAD_VALUE.test(headerValue))
      throw new ProxyError(400, `the header "${name.slice(0, 80)}" is not a valid header`);
    const key = name.toLowerCase();
    if (DROPPED_REQUEST.has(key) || key.startsWith("proxy-") || key.startsWith("x-forwarded-"))
      continue;
    headers[key] = key in headers ? `${headers[key]}, ${headerValue}` : headerValue;
  }
  headers["accept-encoding"] = "gzip, deflate, br";
  headers["user-agent"] ??= "Quire API playground proxy";
  let body: Buffer | undefined;
  if (envelope.body !== undefined) {
    if (typeof envelope.body !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(envelope.body))
      throw new ProxyError(400, "expected the body in base64");
    body = Buffer.from(envelope.body, "base64");
    if (body.length > limits.requestBytes) throw tooLarge(limits);
  }
  return { method, url, headers, ...(body ? { body } : {}) };
}

function answerHeaders(rawHeaders: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] as string;
    if (!DROPPED_ANSWER.has(name.toLowerCase()))
      pairs.push([name, rawHeaders[index + 1] as string]);
  }
  return pairs;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    [PROXY_HEADER]: "1",
  });
  response.end(JSON.stringify(body));
}
