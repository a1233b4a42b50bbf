import { SEARCH_GLOBAL, searchFileId } from "./index-format.ts";
import type { LoadIndexFile } from "./query.ts";

/** What an index script calls: `window.__quireSearch.load(id, data)`. */
interface SearchGlobal {
  load(id: string, data: unknown): void;
}

/**
 * Loads index files in the browser by inserting <script src> tags, the one way to read a
 * file that works both over http and from file://. Each script hands its data to the
 * global callback as it runs, which is before its `load` event fires; `root` is the
 * relative path from the page to the bundle root (`../../`).
 */
export function scriptLoader(document: Document, root: string): LoadIndexFile {
  const delivered = new Map<string, unknown>();
  const global: SearchGlobal = { load: (id, data) => delivered.set(id, data) };
  (window as unknown as Record<string, SearchGlobal>)[SEARCH_GLOBAL] = global;

  return (path) =>
    new Promise((resolve, reject) => {
      const id = searchFileId(path);
      const script = document.createElement("script");
      script.src = root + path;
      script.async = true;
      script.onload = () => {
        script.remove();
        if (delivered.has(id)) {
          resolve(delivered.get(id));
          delivered.delete(id);
        } else {
          reject(new Error(`${path} is not a search index file`));
        }
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`${path} could not be loaded`));
      };
      document.head.appendChild(script);
    });
}
