import type { DeploymentType } from "./site/types.ts";

/**
 * Where a bundle's pages send readers' questions (`--assistant`): `same-origin` is the path
 * `quire serve` answers on, beside the pages (a bundle-relative path, so it follows the site
 * wherever it is served); a URL is an endpoint the operator runs elsewhere. No option, no
 * assistant: a plain static export has no server to answer.
 */
export const SAME_ORIGIN_ASSISTANT = "same-origin";

/** The endpoint pages call for `same-origin`, relative to the site root (`quire serve`'s route). */
export const SAME_ORIGIN_ASSISTANT_PATH = "_quire/assistant";

export interface AssistantEndpoint {
  /**
   * What pages call: a bundle-relative path or an absolute http(s) URL (whose origin a server's
   * Content-Security-Policy reads from the manifest's `assistant.endpoint`).
   */
  endpoint: string;
}

/**
 * The endpoint an `--assistant` value names, or a one-line problem with it. An air-gapped
 * bundle calls no host but its own, so there only `same-origin` is taken: `quire serve` then
 * answers with a model inside the network.
 */
export function assistantEndpoint(
  value: string,
  deployment: DeploymentType = "cloud",
): AssistantEndpoint | { problem: string } {
  const trimmed = value.trim();
  if (trimmed === SAME_ORIGIN_ASSISTANT) return { endpoint: SAME_ORIGIN_ASSISTANT_PATH };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: `must be "same-origin" or an absolute http(s) URL, not "${value}"` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { problem: `must be "same-origin" or an http(s) URL, not "${value}"` };
  if (url.username || url.password)
    return { problem: `must not carry a user name or password: "${value}"` };
  if (deployment === "air-gapped")
    return {
      problem: `must be "same-origin" in an air-gapped export, which calls no other host (quire serve answers with a model inside the network), not "${value}"`,
    };
  url.hash = "";
  return { endpoint: url.href };
}
