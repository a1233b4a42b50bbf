import { createHash } from "node:crypto";
import type { SearchSection } from "../mdx/rendered-page.ts";
import type { SearchDocumentEntry, SearchManifest, TermShard } from "./index-format.ts";
import { shardKey, tokenize } from "./tokenize.ts";

export interface SearchDocument {
  path: string;
  title: string;
  description?: string;
  sections: SearchSection[];
}

/** The fixed entry file pages point to; every other file is content-hashed. */
export const SEARCH_ENTRY = "_quire/search/index.js";

const CHUNK_SIZE = 16;
const EXCERPT_LENGTH = 400;
/** A shard above this size is split by the second character of its terms. */
const SHARD_SPLIT_BYTES = 120 * 1024;
/** Very common terms keep only their best postings, which bounds every shard. */
const MAX_POSTINGS = 400;
const WEIGHT = { title: 10, heading: 5, text: 1 } as const;

/**
 * Builds the offline search index: documents (one per page section) in chunk files loaded
 * only for shown results, and an inverted index sharded by the terms' first characters,
 * so one query loads a small, bounded part of a large site. Same input, same bytes.
 */
export function buildSearchIndex(documents: SearchDocument[]): { files: { path: string; content: string }[]; entry: string } {
  const entries: SearchDocumentEntry[] = [];
  const postings = new Map<string, Map<number, number>>();
  const add = (term: string, id: number, weight: number): void => {
    let list = postings.get(term);
    if (!list) postings.set(term, (list = new Map()));
    list.set(id, Math.min((list.get(id) ?? 0) + weight, 30));
  };

  for (const document of documents) {
    const sections = document.sections.length > 0 ? document.sections : [{ anchor: "", heading: "", text: document.description ?? "" }];
    for (const section of sections) {
      const id = entries.length;
      const text = section.anchor === "" && document.description ? `${document.description} ${section.text}` : section.text;
      entries.push({ p: document.path, a: section.anchor, t: document.title, h: section.heading, x: text.slice(0, EXCERPT_LENGTH) });
      for (const term of new Set(tokenize(document.title))) add(term, id, section.anchor === "" ? WEIGHT.title : WEIGHT.title / 2);
      for (const term of new Set(tokenize(section.heading))) add(term, id, WEIGHT.heading);
      for (const term of tokenize(text)) add(term, id, WEIGHT.text);
    }
  }

  const shards = groupIntoShards(postings);
  const files: { path: string; content: string }[] = [];
  const manifest: SearchManifest = { formatVersion: 1, documentCount: entries.length, chunkSize: CHUNK_SIZE, chunks: [], shards: {}, splitPrefixes: [...shards.splitPrefixes].sort() };
  for (let start = 0; start < entries.length; start += CHUNK_SIZE) {
    const index = start / CHUNK_SIZE;
    const content = `__quireSearch.chunk(${index},${JSON.stringify(entries.slice(start, start + CHUNK_SIZE))})\n`;
    const file = hashedName(`d${index}`, content);
    manifest.chunks.push(file);
    files.push({ path: file, content });
  }
  for (const [key, shard] of [...shards.byKey].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const content = `__quireSearch.shard(${JSON.stringify(key)},${JSON.stringify(shard)})\n`;
    const file = hashedName(`t-${[...key].map((character) => character.codePointAt(0)?.toString(36)).join("-")}`, content);
    manifest.shards[key] = file;
    files.push({ path: file, content });
  }
  files.push({ path: SEARCH_ENTRY, content: `__quireSearch.manifest(${JSON.stringify(manifest)})\n` });
  return { files, entry: SEARCH_ENTRY };
}

function groupIntoShards(postings: Map<string, Map<number, number>>): { byKey: Map<string, TermShard>; splitPrefixes: Set<string> } {
  const flat = new Map<string, number[]>();
  for (const [term, list] of [...postings].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const best = [...list].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_POSTINGS).sort((a, b) => a[0] - b[0]);
    flat.set(term, best.flat());
  }
  // Split any shard over the size limit by one more character, until every shard fits.
  const splitPrefixes = new Set<string>();
  for (let depth = 0; depth < 16; depth++) {
    const sizes = new Map<string, number>();
    for (const [term, list] of flat) {
      const key = shardKey(term, splitPrefixes);
      sizes.set(key, (sizes.get(key) ?? 0) + term.length + list.length * 5 + 6);
    }
    const busy = [...sizes].filter(([key, size]) => size > SHARD_SPLIT_BYTES && [...key].length === depth + 1).map(([key]) => key);
    if (busy.length === 0) break;
    for (const key of busy) splitPrefixes.add(key);
  }
  const byKey = new Map<string, TermShard>();
  for (const [term, list] of flat) {
    const key = shardKey(term, splitPrefixes);
    let shard = byKey.get(key);
    if (!shard) byKey.set(key, (shard = {}));
    shard[term] = list;
  }
  return { byKey, splitPrefixes };
}

function hashedName(base: string, content: string): string {
  return `_quire/search/${base}.${createHash("sha256").update(content).digest("hex").slice(0, 10)}.js`;
}
