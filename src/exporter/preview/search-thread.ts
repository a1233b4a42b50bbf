import { parentPort } from "node:worker_threads";
import { buildSearchIndex, type SearchDocument } from "../search/build-index.ts";

/**
 * Builds a preview's search index off the thread that serves the pages: on a large site it
 * takes seconds, which would otherwise stall every request and reload meanwhile.
 */
const port = parentPort;
if (!port) throw new Error("search-thread.ts runs as a worker thread");
port.on("message", ({ id, documents }: { id: number; documents: SearchDocument[] }) => {
  try {
    port.postMessage({ id, files: buildSearchIndex(documents).files });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
