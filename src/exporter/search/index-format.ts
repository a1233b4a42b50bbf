/**
 * The search index as the browser receives it: classic scripts calling
 * `window.__quireSearch.<kind>(...)`, so they load from file:// where fetch() cannot.
 */
export interface SearchManifest {
  formatVersion: 1;
  documentCount: number;
  /** Documents per chunk file; document `id` lives in chunk `floor(id / chunkSize)`. */
  chunkSize: number;
  /** Chunk file paths (relative to the bundle root), in order. */
  chunks: string[];
  /** Shard key → term-shard file path. */
  shards: Record<string, string>;
  /** Prefixes too busy for one shard, whose terms are split by one more character. */
  splitPrefixes: string[];
}

/** Term → flat list of [documentId, score, documentId, score, …]. */
export type TermShard = Record<string, number[]>;

/** One searchable section. */
export interface SearchDocumentEntry {
  /** Page path. */
  p: string;
  /** Heading anchor ("" for the top of the page). */
  a: string;
  /** Page title. */
  t: string;
  /** Section heading ("" for the page's introduction). */
  h: string;
  /** The section's text, truncated, for excerpts. */
  x: string;
}
