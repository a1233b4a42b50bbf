/**
 * How the API playground talks to a serving host's request proxy (`quire serve`, docs.json
 * `api.playground.proxy`). The page POSTs one ProxyRequest as JSON to API_PROXY_PATH under the
 * site root; the proxy answers 200 with one ProxyAnswer (whatever the API's own status), or
 * with its own error status and `{"error": "..."}` when it would not or could not send. A GET
 * of the same path answers 200 with the header PROXY_HEADER where a proxy is on, which is how
 * the page tells `quire serve` from a plain static host.
 */

/** Under the site root, beside the theme's files: no page of a bundle can have this name. */
export const API_PROXY_PATH = "_quire/api-proxy";

/** Set (to "1") on the proxy's answers, so a static host's 404 page is never taken for one. */
export const PROXY_HEADER = "X-Quire-Api-Proxy";

export interface ProxyRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body, base64; absent for none. */
  body?: string;
}

export interface ProxyAnswer {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body, decoded from any Content-Encoding, base64. */
  body: string;
}
