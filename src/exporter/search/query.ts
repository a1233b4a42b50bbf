import {
  type DocumentChunk,
  decodeNumbers,
  decodePostings,
  type PrefixSummary,
  type SearchManifest,
  searchFileName,
  shardKeyOf,
  type TermShard,
} from "./index-format.ts";
import { isStopWord, prefixesOf, stem, words } from "./tokenize.ts";

/**
 * Loads one index script and resolves with the data it hands to `__quireSearch.load`.
 * `path` is relative to the bundle root. In the browser this inserts a <script> tag; in
 * the tests it runs the file in a sandbox.
 */
export type LoadIndexFile = (path: string) => Promise<unknown>;

/** One result: a section of a page (or the page itself when `anchor` is empty). */
export interface SearchHit {
  /** Page path; the page is `<path>.html`. */
  path: string;
  title: string;
  /** Navigation groups above the page, joined by " › "; may be empty. */
  breadcrumb: string;
  /** Heading id to jump to; empty for the top of the page. */
  anchor: string;
  /** Section heading; empty for the top of the page. */
  heading: string;
  /** The section's text (cut), for the excerpt. */
  text: string;
  score: number;
}

/** An opened index: runs queries, loading the shards and chunks each one needs. */
export interface SearchIndex {
  search(query: string, limit?: number): Promise<SearchHit[]>;
}

/** A match of a longer term by a prefix counts less than the whole word. */
const PREFIX_FACTOR = 0.75;
/** Sections shown per page at most, so one long page does not fill the list. */
const SECTIONS_PER_PAGE = 3;

type Lookup = { kind: "exact" | "prefix"; term: string };

/**
 * Opens the index whose manifest is at `entry` (relative to the bundle root). Shared by the
 * browser and the tests, so what is tested is what runs. Ranking: every word of the query
 * must match (the last one as a prefix, so results come while typing); a match in the page
 * title outranks one in a section heading, which outranks matches in the text.
 */
export async function openSearchIndex(entry: string, load: LoadIndexFile): Promise<SearchIndex> {
  const manifest = (await load(entry)) as SearchManifest;
  if (manifest?.version !== 1) throw new Error(`${entry}: not a search index this page can read`);
  const folder = entry.includes("/") ? entry.slice(0, entry.lastIndexOf("/") + 1) : "";
  const cache = new Map<string, Promise<unknown>>(
    manifest.embedded.map(([id, data]) => [id, Promise.resolve(data)]),
  );
  const file = <T>(id: string): Promise<T> => {
    let loaded = cache.get(id);
    if (!loaded) {
      loaded = load(folder + searchFileName(id));
      // A failed load may be retried by the next query.
      loaded.catch(() => cache.delete(id));
      cache.set(id, loaded);
    }
    return loaded as Promise<T>;
  };
  const split = new Set(manifest.split);
  const shards = new Map(manifest.shards);
  const summaries = new Map(manifest.summaries);
  const pageStarts = startsOf(decodeNumbers(manifest.pageSizes));

  /** Document id → score for one lookup. */
  const lookup = async ({ kind, term }: Lookup): Promise<Map<number, number>> => {
    const scores = new Map<number, number>();
    const key = shardKeyOf(term, split);
    const summaryId = split.has(key) ? summaries.get(key) : undefined;
    if (summaryId) {
      const summary = await file<PrefixSummary>(summaryId);
      if (kind === "prefix") decodePostings(summary.prefix, PREFIX_FACTOR, scores);
      decodePostings(summary.exact, 1, scores);
      return scores;
    }
    const shardId = shards.get(key);
    if (!shardId) return scores;
    const shard = await file<TermShard>(shardId);
    for (let index = lowerBound(shard, term); index < shard.length; index += 2) {
      const candidate = shard[index] as string;
      if (candidate === term) decodePostings(shard[index + 1] as string, 1, scores);
      else if (kind === "prefix" && candidate.startsWith(term))
        decodePostings(shard[index + 1] as string, PREFIX_FACTOR, scores);
      else break;
    }
    return scores;
  };

  const documentAt = async (id: number): Promise<SearchHit | undefined> => {
    const chunkId = manifest.chunks[Math.floor(id / manifest.chunkSize)];
    if (!chunkId) return undefined;
    const chunk = await file<DocumentChunk>(chunkId);
    const document = chunk.documents[id % manifest.chunkSize];
    const page = chunk.pages.find(([index]) => index === pageOf(pageStarts, id));
    if (!document || !page) return undefined;
    const [anchor, heading, text] = document;
    return { path: page[1], title: page[2], breadcrumb: page[3], anchor, heading, text, score: 0 };
  };

  return {
    async search(query, limit = 10) {
      const requirements = requirementsOf(words(query));
      let scores: Map<number, number> | undefined;
      for (const requirement of requirements) {
        const found = new Map<number, number>();
        for (const matches of await Promise.all(requirement.lookups.map(lookup))) {
          for (const [id, score] of matches) if (score > (found.get(id) ?? 0)) found.set(id, score);
        }
        const combined = scores ? intersect(scores, found) : found;
        // A trailing "the" may be the start of "theme", or just a word that adds nothing.
        if (combined.size === 0 && requirement.optional && scores) continue;
        scores = combined;
        if (scores.size === 0) return [];
      }
      if (!scores) return [];
      const chosen = chooseResults(scores, pageStarts, limit);
      const hits = await Promise.all(
        chosen.map(async ([id, score]) => ({ hit: await documentAt(id), score })),
      );
      return hits.flatMap(({ hit, score }) => (hit ? [{ ...hit, score }] : []));
    },
  };
}

/**
 * What each word of a query must match. Words before the last are whole words (stemmed
 * like the index); stop words among them are ignored. The last word is a prefix, and may
 * also be a whole word whose stem differs (`retries` → `retry`).
 */
function requirementsOf(queryWords: string[]): { lookups: Lookup[]; optional: boolean }[] {
  const requirements: { lookups: Lookup[]; optional: boolean }[] = [];
  queryWords.forEach((word, index) => {
    const last = index === queryWords.length - 1;
    if (!last) {
      if (!isStopWord(word) && !/^[a-z_]$/.test(word))
        requirements.push({ lookups: [{ kind: "exact", term: stem(word) }], optional: false });
      return;
    }
    const lookups: Lookup[] = prefixesOf(word).map((term) => ({ kind: "prefix", term }));
    if (stem(word) !== word) lookups.push({ kind: "exact", term: stem(word) });
    requirements.push({ lookups, optional: isStopWord(word) && requirements.length > 0 });
  });
  return requirements;
}

function intersect(scores: Map<number, number>, other: Map<number, number>): Map<number, number> {
  const result = new Map<number, number>();
  for (const [id, score] of scores) {
    const more = other.get(id);
    if (more !== undefined) result.set(id, score + more);
  }
  return result;
}

/** The best `limit` documents, highest score first, at most a few per page. */
function chooseResults(
  scores: Map<number, number>,
  pageStarts: number[],
  limit: number,
): [number, number][] {
  const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const perPage = new Map<number, number>();
  const chosen: [number, number][] = [];
  for (const entry of ranked) {
    if (chosen.length >= limit) break;
    const page = pageOf(pageStarts, entry[0]);
    const count = perPage.get(page) ?? 0;
    if (count >= SECTIONS_PER_PAGE) continue;
    perPage.set(page, count + 1);
    chosen.push(entry);
  }
  return chosen;
}

/** Page sizes → the first document id of each page. */
function startsOf(sizes: number[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const size of sizes) {
    starts.push(next);
    next += size;
  }
  return starts;
}

/** The page a document belongs to: the last page starting at or before it. */
function pageOf(starts: number[], id: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= id) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Index (even) of the first term in a flattened shard that is not below `term`. */
function lowerBound(shard: TermShard, term: string): number {
  let low = 0;
  let high = shard.length / 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((shard[middle * 2] as string) < term) low = middle + 1;
    else high = middle;
  }
  return low * 2;
}
