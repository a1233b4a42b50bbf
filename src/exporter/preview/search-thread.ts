import { parentPort } from "node:worker_threads";
import { buildSearchIndex, type SearchDocument } from "../search/build-index.ts";

/** The documents of one index: a language's, or the site's (no language). */
export interface SearchIndexGroup {
  language?: string;
  documents: SearchDocument[];
}

/**
 * Builds a preview's search index off the thread that serves the pages: on a large site it
 * takes seconds, which would otherwise stall every request and reload meanwhile.
 */
const port = parentPort;
if (!port) throw new Error("search-thread.ts runs as a worker thread");
port.on("message", ({ id, groups }: { id: number; groups: SearchIndexGroup[] }) => {
  try {
    const files = groups.flatMap(
      (group) => buildSearchIndex(group.documents, group.language).files,
    );
    port.postMessage({ id, files });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
