import type { SearchDocumentEntry, SearchManifest, TermShard } from "./index-format.ts";
import { shardKey, tokenize } from "./tokenize.ts";

export interface SearchSource {
  manifest: SearchManifest;
  loadShard(key: string): Promise<TermShard>;
  loadChunk(index: number): Promise<SearchDocumentEntry[]>;
}

export interface SearchResult {
  document: SearchDocumentEntry;
  score: number;
  /** The query's terms, for highlighting. */
  terms: string[];
}

const SECTIONS_PER_PAGE = 3;

/**
 * Runs a query against the sharded index: every term must match (the last one as a prefix,
 * so results come while typing); title matches outrank headings, which outrank text.
 * Shared by the browser and the tests, so what is tested is what runs.
 */
export async function search(source: SearchSource, query: string, limit = 10): Promise<SearchResult[]> {
  const terms = tokenize(query);
  if (terms.length === 0) return [];
  const splitPrefixes = new Set(source.manifest.splitPrefixes);
  let scores: Map<number, number> | undefined;
  for (const [position, term] of terms.entries()) {
    const isPrefix = position === terms.length - 1;
    const matches = await termMatches(source, term, isPrefix, splitPrefixes);
    if (!scores) scores = matches;
    else {
      const next = new Map<number, number>();
      for (const [id, score] of scores) {
        const other = matches.get(id);
        if (other !== undefined) next.set(id, score + other);
      }
      scores = next;
    }
    if (scores.size === 0) return [];
  }
  const ranked = [...(scores ?? [])].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const results: SearchResult[] = [];
  const perPage = new Map<string, number>();
  const chunkCache = new Map<number, SearchDocumentEntry[]>();
  for (const [id, score] of ranked) {
    if (results.length >= limit) break;
    const chunkIndex = Math.floor(id / source.manifest.chunkSize);
    let chunk = chunkCache.get(chunkIndex);
    if (!chunk) chunkCache.set(chunkIndex, (chunk = await source.loadChunk(chunkIndex)));
    const document = chunk[id % source.manifest.chunkSize];
    if (!document) continue;
    const count = perPage.get(document.p) ?? 0;
    if (count >= SECTIONS_PER_PAGE) continue;
    perPage.set(document.p, count + 1);
    results.push({ document, score, terms });
  }
  return results;
}

async function termMatches(source: SearchSource, term: string, isPrefix: boolean, splitPrefixes: Set<string>): Promise<Map<number, number>> {
  const matches = new Map<number, number>();
  // A term that is itself a split prefix spans several shards: wait for another character.
  const key = shardKey(term, splitPrefixes);
  if (!source.manifest.shards[key]) return matches;
  const shard = await source.loadShard(key);
  const collect = (postings: number[], factor: number): void => {
    for (let index = 0; index < postings.length; index += 2) {
      const id = postings[index] as number;
      const score = (postings[index + 1] as number) * factor;
      matches.set(id, Math.max(matches.get(id) ?? 0, score));
    }
  };
  const exact = shard[term];
  if (exact) collect(exact, 1);
  if (isPrefix) {
    for (const [candidate, postings] of Object.entries(shard)) {
      if (candidate !== term && candidate.startsWith(term)) collect(postings, 0.7);
    }
  }
  return matches;
}

/**
 * An excerpt of `text` around the first matching term, HTML-escaped, with matches wrapped
 * in <mark>.
 */
export function excerpt(text: string, terms: string[], length = 160): string {
  const lower = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  let start = 0;
  for (const term of terms) {
    const found = lower.indexOf(term);
    if (found >= 0) {
      start = Math.max(0, found - Math.floor(length / 3));
      break;
    }
  }
  const window = text.slice(start, start + length);
  const prefix = start > 0 ? "…" : "";
  const suffix = start + length < text.length ? "…" : "";
  return prefix + highlight(window, terms) + suffix;
}

export function highlight(text: string, terms: string[]): string {
  const escaped = escape(text);
  const words = terms.filter((term) => term.length > 0).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (words.length === 0) return escaped;
  return escaped.replace(new RegExp(`(${words.join("|")})[\\p{L}\\p{N}]*`, "giu"), "<mark>$&</mark>");
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
