import type { IncomingMessage, ServerResponse } from "node:http";
import { type AssistantSettings, createAssistantHandler } from "../assistant/assistant-handler.ts";

/**
 * The readers' assistant of `quire serve`, answered from the active version's own pages. Same
 * origin as the pages, so the pages' policy (`connect-src 'self'`) already allows it, and a
 * page of another site cannot read its answers.
 */
export const ASSISTANT_PATH = "/_quire/assistant";

/** Opened search indexes kept: the active version's and the one before. */
const KEPT_INDEXES = 2;

/**
 * Handles a request to ASSISTANT_PATH; `root` is the active version's folder, or null, and
 * `reader` the address the per-reader limit counts (reader-address.ts).
 */
export type AssistantRoute = (
  request: IncomingMessage,
  response: ServerResponse,
  root: string | null,
  reader: string,
) => void;

export function createAssistantRoute(
  settings: Omit<AssistantSettings, "keptIndexes" | "noSiteMessage">,
): AssistantRoute {
  const handle = createAssistantHandler({
    ...settings,
    keptIndexes: KEPT_INDEXES,
    noSiteMessage: "no version of the site is active yet",
  });
  return (request, response, root, reader) => handle(request, response, { root, address: reader });
}
