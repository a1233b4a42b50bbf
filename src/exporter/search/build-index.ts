import { createHash } from "node:crypto";
import type { SearchSection } from "../mdx/rendered-page.ts";
import {
  type DocumentChunk,
  encodeNumbers,
  encodePostings,
  type PrefixSummary,
  SEARCH_GLOBAL,
  type SearchManifest,
  searchFileName,
  type TermShard,
} from "./index-format.ts";
import { compare, planShards } from "./shard-plan.ts";
import { termOf, words } from "./tokenize.ts";

/** One page as search sees it. */
export interface SearchDocument {
  /** Page path, e.g. `guides/intro` (the page is `guides/intro.html`). */
  path: string;
  title: string;
  description?: string;
  /** Titles of the navigation groups above the page, outermost first. */
  breadcrumb?: string[];
  /** The page's text by heading; the section with anchor `""` is the text before the first heading. */
  sections: SearchSection[];
  /** Frontmatter `boost`: the page's scores are multiplied by it (above 1 ranks it higher). */
  boost?: number;
}

/** A file of the index, relative to the bundle root. */
export interface SearchIndexFile {
  path: string;
  content: string;
}

/** The folder of the index inside the bundle. */
const FOLDER = "_quire/search";
/**
 * The entry file pages point to (`<html data-search-index>`). Pages are written while the
 * index is still being gathered from them, so this one name is fixed; it is small, and
 * every file it names is content-hashed (the client reloads it if a cached copy is stale).
 */
export const SEARCH_ENTRY = `${FOLDER}/index.js`;

/**
 * The entry file of one language's index: a page searches its own language only. A site
 * without languages (and a page in none) has the one index at SEARCH_ENTRY.
 */
export function searchEntryFor(language: string | undefined): string {
  return language ? `${searchFolderFor(language)}/index.js` : SEARCH_ENTRY;
}

/** Whether a bundle path is an index's entry file, the site's or one language's. */
export function isSearchEntry(bundlePath: string): boolean {
  return (
    bundlePath === SEARCH_ENTRY || /^_quire\/search\/[A-Za-z0-9_-]+\/index\.js$/.test(bundlePath)
  );
}

function searchFolderFor(language: string | undefined): string {
  return language ? `${FOLDER}/${language.replace(/[^A-Za-z0-9-]/g, "_")}` : FOLDER;
}

/**
 * Size budgets, in bytes of the written files. What one one-word query loads is bounded by
 * the manifest, a few shards or a summary, and one chunk per result shown (ten): with
 * these figures it stays well under 500 KB on a 5,000-page site (see the tests).
 */
const BUDGET = {
  /** A shard is split by one more character of its terms above this. */
  shard: 64 * 1024,
  /** One term's postings; a term in more documents keeps its best-scored ones. */
  term: 128 * 1024,
  /** The "best documents for this prefix" part of a prefix summary. */
  summaryPrefix: 48 * 1024,
  /** Below this, the whole index is one file. */
  embedded: 48 * 1024,
} as const;

/** Documents per chunk file, and the text each keeps for excerpts. */
const CHUNK_SIZE = 16;
const EXCERPT_CHARACTERS = 600;

/**
 * Field weights: a term in the page title outranks one in a section heading, which
 * outranks any number in the text. The title counts a little on every section of the page
 * too, so "webhooks retries" finds the "Retries" section of the "Webhooks" page.
 */
const WEIGHT = {
  title: 24,
  heading: 12,
  titleOnSection: 2,
  breadcrumb: 2,
  textMaximum: 4,
  maximum: 63,
} as const;

/** One document (a page's top or one of its sections), as its chunk will hold it. */
interface IndexedDocument {
  page: number;
  anchor: string;
  heading: string;
  text: string;
}

/**
 * Builds the offline search index from the exported pages: an inverted index sharded by
 * term prefix and the documents' texts in chunks, each a classic script (see
 * index-format.ts), so a first query on a large site loads a small bounded part.
 * Same input, same bytes.
 */
export function buildSearchIndex(
  documents: SearchDocument[],
  language?: string,
): {
  files: SearchIndexFile[];
  entry: string;
} {
  const { indexed, postings } = indexPages(documents);
  const terms = [...postings.keys()].sort(compare);
  const encoded = terms.map((term) => encodeCapped(postings.get(term) as number[], BUDGET.term));
  const plan = planShards(
    terms,
    terms.map((term, index) => term.length * 2 + (encoded[index] as string).length + 6),
    BUDGET.shard,
  );

  const files = new IndexFiles(searchFolderFor(language), searchEntryFor(language));
  const manifest: SearchManifest = {
    version: 1,
    documentCount: indexed.length,
    pageSizes: encodeNumbers(pageSizes(indexed, documents.length)),
    chunkSize: CHUNK_SIZE,
    chunks: chunkDocuments(indexed, documents).map((chunk) => files.add("d", chunk)),
    split: plan.split,
    shards: plan.shards.map(({ key, start, end }): [string, string] => {
      const shard: TermShard = [];
      for (let index = start; index < end; index++)
        shard.push(terms[index] as string, encoded[index] as string);
      return [key, files.add("t", shard)];
    }),
    summaries: plan.split
      .filter((prefix) => prefix !== "")
      .map((prefix): [string, string] => {
        const exactIndex = plan.exactTerms.get(prefix);
        const summary: PrefixSummary = {
          exact: exactIndex === undefined ? "" : (encoded[exactIndex] as string),
          prefix: bestForPrefix(prefix, terms, postings, indexed.length),
        };
        return [prefix, files.add("p", summary)];
      }),
    embedded: [],
  };
  return { files: files.write(manifest), entry: searchEntryFor(language) };
}

/**
 * A page's sections as the index reads them, for an export that holds the sections of every
 * page until the index is built: a long text is cut to the start an excerpt can show, and its
 * words kept apart, each at most as often as the index counts a word in a text. The index is
 * the one the whole texts give; CrewAI's 24,667 pages held hundreds of megabytes of text
 * otherwise.
 */
export function sectionsForIndex(sections: SearchSection[]): SearchSection[] {
  return sections.map((section) => {
    // cutText reads the first EXCERPT_CHARACTERS and whether there are more.
    if (section.words !== undefined || section.text.length <= EXCERPT_CHARACTERS + 1)
      return section;
    const counts = new Map<string, number>();
    const kept: string[] = [];
    for (const word of words(section.text)) {
      const count = counts.get(word) ?? 0;
      if (count >= WEIGHT.textMaximum) continue;
      counts.set(word, count + 1);
      kept.push(word);
    }
    return {
      anchor: section.anchor,
      heading: section.heading,
      text: section.text.slice(0, EXCERPT_CHARACTERS + 1),
      words: kept.join(" "),
    };
  });
}

/**
 * Every page's documents (the page itself first, then one per section with a heading) and
 * the inverted index: term → postings, flat as `[document id, score, …]` in id order.
 * This reads every word of the site, so each distinct word is turned into a term number
 * once, and a document's scores are gathered in arrays indexed by term number.
 */
function indexPages(documents: SearchDocument[]): {
  indexed: IndexedDocument[];
  postings: Map<string, number[]>;
} {
  const indexed: IndexedDocument[] = [];
  const terms: string[] = [];
  const termPostings: number[][] = [];
  const numberOfTerm = new Map<string, number>();
  /** Word → term number, -1 for words not indexed. */
  const numberOfWord = new Map<string, number>();
  const fieldScore: number[] = [];
  const textCount: number[] = [];
  const touched: number[] = [];

  const termNumbers = (text: string): number[] => {
    const numbers: number[] = [];
    for (const word of words(text)) {
      let number = numberOfWord.get(word);
      if (number === undefined) {
        const term = termOf(word);
        number = term === undefined ? -1 : (numberOfTerm.get(term) ?? -1);
        if (term !== undefined && number < 0) {
          number = terms.push(term) - 1;
          numberOfTerm.set(term, number);
          termPostings.push([]);
          fieldScore.push(0);
          textCount.push(0);
        }
        numberOfWord.set(word, number);
      }
      if (number >= 0) numbers.push(number);
    }
    return numbers;
  };
  const touch = (number: number): void => {
    if (fieldScore[number] === 0 && textCount[number] === 0) touched.push(number);
  };
  const addField = (text: string, weight: number): void => {
    for (const number of new Set(termNumbers(text))) {
      touch(number);
      fieldScore[number] = (fieldScore[number] as number) + weight;
    }
  };
  const addText = (text: string): void => {
    for (const number of termNumbers(text)) {
      touch(number);
      textCount[number] = (textCount[number] as number) + 1;
    }
  };
  const commit = (document: IndexedDocument, boost: number): void => {
    const id = indexed.length;
    indexed.push(document);
    for (const number of touched) {
      const score =
        (fieldScore[number] as number) + Math.min(textCount[number] as number, WEIGHT.textMaximum);
      const boosted = Math.max(1, Math.round(score * boost));
      (termPostings[number] as number[]).push(id, Math.min(boosted, WEIGHT.maximum));
      fieldScore[number] = 0;
      textCount[number] = 0;
    }
    touched.length = 0;
  };

  documents.forEach((document, page) => {
    const boost = document.boost && document.boost > 0 ? Math.min(document.boost, 10) : 1;
    const introduction = document.sections.filter((section) => section.anchor === "");
    const text = [document.description ?? "", ...introduction.map((section) => section.text)]
      .filter(Boolean)
      .join(" ");
    addField(document.title, WEIGHT.title);
    addField((document.breadcrumb ?? []).join(" "), WEIGHT.breadcrumb);
    // A text's counts are capped as a whole, so counting it in parts gives the same scores.
    addText(document.description ?? "");
    for (const section of introduction) addText(section.words ?? section.text);
    commit({ page, anchor: "", heading: "", text }, boost);
    for (const section of document.sections) {
      if (section.anchor === "") continue;
      addField(document.title, WEIGHT.titleOnSection);
      addField(section.heading, WEIGHT.heading);
      addText(section.words ?? section.text);
      commit({ page, anchor: section.anchor, heading: section.heading, text: section.text }, boost);
    }
  });
  return {
    indexed,
    postings: new Map(terms.map((term, number) => [term, termPostings[number] as number[]])),
  };
}

/**
 * Encoded postings no longer than `limit` characters: a term found nearly everywhere keeps
 * its best-scored documents (titles and headings before text), which are the ones a
 * reader would be shown anyway.
 */
function encodeCapped(postings: number[], limit: number): string {
  let encoded = encodePostings(postings);
  if (encoded.length <= limit) return encoded;
  const count = postings.length / 2;
  const best = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) => (postings[b * 2 + 1] as number) - (postings[a * 2 + 1] as number) || a - b,
  );
  let keep = Math.floor((count * limit) / encoded.length);
  while (encoded.length > limit) {
    const kept = best.slice(0, keep).sort((a, b) => a - b);
    encoded = encodePostings(
      kept.flatMap((index) => [postings[index * 2] as number, postings[index * 2 + 1] as number]),
    );
    keep = Math.floor(keep * 0.95);
  }
  return encoded;
}

/**
 * For a split prefix: each document's best score over all terms starting with it, keeping
 * the best documents within the summary budget. Scores are small integers, so the cut-off
 * score is found by counting rather than sorting.
 */
function bestForPrefix(
  prefix: string,
  terms: string[],
  postings: Map<string, number[]>,
  documentCount: number,
): string {
  const best = new Uint8Array(documentCount);
  for (
    let index = lowerBound(terms, prefix);
    index < terms.length && (terms[index] as string).startsWith(prefix);
    index++
  ) {
    const list = postings.get(terms[index] as string) as number[];
    for (let position = 0; position < list.length; position += 2) {
      const id = list[position] as number;
      const score = list[position + 1] as number;
      if (score > (best[id] as number)) best[id] = score;
    }
  }
  // Four characters per posting is more than a dense list of small id gaps ever takes.
  let room = Math.floor(BUDGET.summaryPrefix / 4);
  const perScore = new Array<number>(WEIGHT.maximum + 1).fill(0);
  for (const score of best) perScore[score] = (perScore[score] as number) + 1;
  let cutoff = WEIGHT.maximum;
  while (cutoff > 1 && room - (perScore[cutoff] as number) >= 0)
    room -= perScore[cutoff--] as number;
  // Documents scoring exactly the cut-off fill the room left, lowest ids first.
  const flat: number[] = [];
  for (let id = 0; id < documentCount; id++) {
    const score = best[id] as number;
    if (score > cutoff || (score === cutoff && score > 0 && room-- > 0)) flat.push(id, score);
  }
  return encodeCapped(flat, BUDGET.summaryPrefix);
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function pageSizes(documents: IndexedDocument[], pageCount: number): number[] {
  const sizes = new Array<number>(pageCount).fill(0);
  for (const document of documents) sizes[document.page] = (sizes[document.page] as number) + 1;
  return sizes;
}

/** Documents in chunks of CHUNK_SIZE, texts cut for excerpts, with their pages' titles. */
function chunkDocuments(documents: IndexedDocument[], pages: SearchDocument[]): DocumentChunk[] {
  const chunks: DocumentChunk[] = [];
  for (let start = 0; start < documents.length; start += CHUNK_SIZE) {
    const slice = documents.slice(start, start + CHUNK_SIZE);
    const pageIndexes = [...new Set(slice.map((document) => document.page))];
    chunks.push({
      pages: pageIndexes.map((index) => {
        const page = pages[index] as SearchDocument;
        return [index, page.path, page.title, (page.breadcrumb ?? []).join(" › ")];
      }),
      documents: slice.map((document) => [
        document.anchor,
        document.heading,
        cutText(document.text, EXCERPT_CHARACTERS),
      ]),
    });
  }
  return chunks;
}

/** `text` cut at a word boundary near `limit` characters, with an ellipsis if cut. */
function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(" ");
  return `${space > limit * 0.8 ? cut.slice(0, space) : cut}…`;
}

/** The index's files, named by content so a host may cache them forever. */
class IndexFiles {
  private readonly data = new Map<string, unknown>();
  private readonly folder: string;
  private readonly entry: string;

  constructor(folder: string, entry: string) {
    this.folder = folder;
    this.entry = entry;
  }

  /** Adds a file of `kind` (`d`ocuments, `t`erms, `p`refix) and returns its id. */
  add(kind: string, value: unknown): string {
    const id = `${kind}-${createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 12)}`;
    this.data.set(id, value);
    return id;
  }

  /** The files to write, the manifest first; a small index is the manifest alone. */
  write(manifest: SearchManifest): SearchIndexFile[] {
    const size = [...this.data.values()].reduce(
      (total: number, value) => total + JSON.stringify(value).length,
      0,
    );
    if (size <= BUDGET.embedded) {
      return [
        { path: this.entry, content: script("index", { ...manifest, embedded: [...this.data] }) },
      ];
    }
    const files = [...this.data].map(([id, value]) => ({
      path: `${this.folder}/${searchFileName(id)}`,
      content: script(id, value),
    }));
    files.sort((a, b) => compare(a.path, b.path));
    return [{ path: this.entry, content: script("index", manifest) }, ...files];
  }
}

function script(id: string, value: unknown): string {
  return `window.${SEARCH_GLOBAL}.load(${JSON.stringify(id)},${JSON.stringify(value)});\n`;
}
