import { API_PROXY_PATH, PROXY_HEADER } from "../../../net/playground-proxy.ts";
import type { PlaygroundData } from "../../../openapi/types.ts";

/*
 * How a request leaves the page: straight from the browser, or through the serving host's
 * proxy when the site asks for one (docs.json `api.playground.proxy`, on by default) and the
 * host has one (`quire serve`). A plain static host has none: the browser calls the API itself.
 */

export type Transport = { kind: "direct"; credentials: boolean } | { kind: "proxy"; url: URL };

/** The proxy's answer to the first look, shared by every playground of the page. */
let proxyLookup: Promise<URL | undefined> | undefined;

/** The way the playground's requests go, looked up once per page on the first Send. */
export async function chooseTransport(data: PlaygroundData): Promise<Transport> {
  // A page exported before the setting existed sends directly, as it always did.
  const wanted = data.transport ?? { proxy: false, credentials: false };
  if (wanted.proxy) {
    proxyLookup ??= findProxy();
    const url = await proxyLookup;
    if (url) return { kind: "proxy", url };
    // No proxy here: `credentials` is a setting of direct requests the site chose not to make.
    return { kind: "direct", credentials: false };
  }
  return { kind: "direct", credentials: wanted.credentials };
}

/** The proxy under the site root, when the host answers for one there. */
async function findProxy(): Promise<URL | undefined> {
  if (!/^https?:$/.test(location.protocol)) return undefined;
  const url = new URL(
    `${document.documentElement.dataset.root ?? ""}${API_PROXY_PATH}`,
    location.href,
  );
  try {
    const answer = await fetch(url, { cache: "no-store", credentials: "omit" });
    await answer.body?.cancel();
    return answer.ok && answer.headers.get(PROXY_HEADER) === "1" ? url : undefined;
  } catch {
    return undefined;
  }
}
