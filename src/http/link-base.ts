import { isIPv6 } from "node:net";
import type { TLSSocket } from "node:tls";
import type { FastifyRequest } from "fastify";

/**
 * The base of every link the server hands out (presigned bundle links, invitation links): the
 * configured public URL, else the address this server's own socket says the connection
 * reached. Never the request's Host or X-Forwarded-Host header: a client, or a proxy or cache
 * passing the header on, could otherwise make the server give others links to a host of its
 * choosing.
 */
export function linkBase(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const socket = request.raw.socket;
  const scheme = (socket as TLSSocket).encrypted ? "https" : "http";
  let address = socket.localAddress;
  let port = socket.localPort;
  if (!address || !port) {
    // A socket already torn down: the address the server listens on is the next best.
    const listening = request.server.server.address();
    if (!listening || typeof listening === "string") return `${scheme}://127.0.0.1`;
    address = listening.address;
    port = listening.port;
  }
  return originOf(scheme, address, port);
}

/** `scheme://host[:port]` for a socket address; the scheme's default port is left out. */
export function originOf(scheme: "http" | "https", address: string, port: number): string {
  const host = urlHost(address);
  const defaultPort = scheme === "https" ? 443 : 80;
  return port === defaultPort ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

function urlHost(address: string): string {
  // An IPv4 client of a dual-stack socket reads as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  // URLs cannot carry an IPv6 zone (fe80::1%eth0).
  if (isIPv6(address.split("%")[0] as string)) return `[${address.split("%")[0]}]`;
  return address;
}

/** What `quire api` says at start-up when links may not name the address clients use. */
export function linkBaseWarning(listenAddress: string, host: string): string {
  const wildcard = host === "" || host === "0.0.0.0" || host === "::";
  const links = wildcard
    ? `the address of this server each connection reached (${listenAddress} from this machine)`
    : listenAddress;
  return `--public-url is not set: links to this server (bundle downloads, invitations) will name ${links}, never the Host header a client sends; set --public-url (QUIRE_PUBLIC_URL) to the address clients use`;
}
