import { runInNewContext } from "node:vm";
import type { SearchIndexFile } from "../../../src/exporter/search/build-index.ts";
import { searchFileId } from "../../../src/exporter/search/index-format.ts";
import {
  type LoadIndexFile,
  openSearchIndex,
  type SearchIndex,
} from "../../../src/exporter/search/query.ts";

/**
 * A built index read the way a browser reads it: each file run as a classic script in a
 * sandbox whose `window.__quireSearch.load` receives its data. Records what was loaded.
 */
export class IndexInSandbox {
  readonly sizes: Map<string, number>;
  private readonly contents: Map<string, string>;
  private readonly parsed = new Map<string, unknown>();

  constructor(files: SearchIndexFile[]) {
    this.contents = new Map(files.map((file) => [file.path, file.content]));
    this.sizes = new Map(files.map((file) => [file.path, Buffer.byteLength(file.content)]));
  }

  /** Runs one file as a script and returns what it handed to the callback. */
  run(path: string): unknown {
    const content = this.contents.get(path);
    if (content === undefined) throw new Error(`${path}: no such index file`);
    let received: { id: string; data: unknown } | undefined;
    const window = {
      __quireSearch: {
        load: (id: string, data: unknown) => {
          received = { id, data };
        },
      },
    };
    runInNewContext(content, { window });
    if (!received || received.id !== searchFileId(path))
      throw new Error(`${path} did not call back with its own id`);
    return received.data;
  }

  /** Opens the index with a fresh engine; `loaded` lists every file that engine asked for. */
  async open(entry: string): Promise<{ index: SearchIndex; loaded: string[] }> {
    const loaded: string[] = [];
    const load: LoadIndexFile = async (path) => {
      loaded.push(path);
      if (!this.parsed.has(path)) this.parsed.set(path, this.run(path));
      return this.parsed.get(path);
    };
    return { index: await openSearchIndex(entry, load), loaded };
  }

  bytes(paths: string[]): number {
    return paths.reduce((total, path) => total + (this.sizes.get(path) ?? 0), 0);
  }
}
