import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/** The address a request of `quire serve` comes from, as its per-reader limits count readers. */
export type ReaderAddress = (request: IncomingMessage) => string;

/**
 * How `quire serve` tells readers apart. Without trusted proxies, by the socket's peer alone:
 * `X-Forwarded-For` is anyone's to write. With them (`--trust-proxy`, the same list and
 * meaning as `quire api`'s, where Fastify reads it with this same library), the header is read
 * from the right, past each trusted hop, to the first address no trusted proxy vouches for: a
 * reader cannot pass for another by sending the header through the proxy, and a client that
 * reaches the server directly is its own address whatever it sends.
 */
export function readerAddress(trustedProxies: readonly string[] = []): ReaderAddress {
  if (trustedProxies.length === 0) return (request) => request.socket.remoteAddress ?? "unknown";
  const trusted = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trusted) || "unknown";
}
