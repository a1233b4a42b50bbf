/**
 * The search index as the browser receives it. Every file is a classic script,
 * `window.__quireSearch.load("<file id>", <data>);`, because script tags load from file://
 * where fetch() and module imports are blocked. This module is shared by the export (which
 * writes the files) and the client (which reads them), so it has no dependency.
 *
 * A search "document" is one section of a page (the text under one heading); the first
 * document of every page is the page itself (title, description, text before the first
 * heading). Documents are numbered in page order, so a page's documents are consecutive.
 */

/** The global the index scripts call. */
export const SEARCH_GLOBAL = "__quireSearch";

/** The entry file: the manifest, the first file a search loads. */
export interface SearchManifest {
  /** Format of these files; a client that does not know it shows no results. */
  version: 1;
  /** Number of documents (page sections). */
  documentCount: number;
  /** Documents per page, in order, as a packed number list (see `encodeNumbers`). */
  pageSizes: string;
  /** Documents per chunk file; document `id` is in chunk `Math.floor(id / chunkSize)`. */
  chunkSize: number;
  /** File ids of the document chunks, in order. */
  chunks: string[];
  /**
   * Term prefixes whose terms are split into longer prefixes, sorted. A term lives in the
   * shard of its shortest prefix that is not split (`""` when nothing is split: one shard).
   */
  split: string[];
  /** [shard key, file id] for every term shard, sorted by key. */
  shards: [string, string][];
  /** [split prefix, file id] for every prefix summary (see `PrefixSummary`), sorted. */
  summaries: [string, string][];
  /** Files small enough to ship inside the manifest: file id → its data. */
  embedded: [string, unknown][];
}

/**
 * A term shard: sorted terms and their postings, flattened as
 * `[term, postings, term, postings, …]` (an array, not an object: a term may be `__proto__`).
 */
export type TermShard = string[];

/**
 * What a split prefix needs of its own, since its terms are spread over many shards:
 * the postings of the term equal to the prefix (`exact`), and for a reader who stopped
 * typing there, the best documents of all the terms starting with it (`prefix`).
 */
export interface PrefixSummary {
  exact: string;
  prefix: string;
}

/**
 * A chunk of documents: `pages` holds page index → [path, title, breadcrumb joined by
 * " › "] for each page with a document in the chunk; `documents` holds
 * [anchor, heading, text] for each document, in id order.
 */
export interface DocumentChunk {
  pages: [number, string, string, string][];
  documents: [string, string, string][];
}

/** The file a file id names, relative to the folder of the entry file. */
export function searchFileName(id: string): string {
  return `${id}.js`;
}

/** The file id of an index file path: its name without `.js` (and without a query). */
export function searchFileId(path: string): string {
  return (path.split("/").pop() ?? "").replace(/\?.*$/, "").replace(/\.js$/, "");
}

/*
 * Numbers are packed as variable-length digits in a 64-character alphabet that needs no
 * escaping in a JavaScript string: each character holds 5 bits of the number and a flag
 * saying more characters follow. Document ids are stored as differences from the previous
 * one, so most postings take two characters.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

const ALPHABET_CODES = [...ALPHABET].map((character) => character.charCodeAt(0));
const DIGIT_VALUE = new Int8Array(128);
ALPHABET_CODES.forEach((code, value) => {
  DIGIT_VALUE[code] = value;
});

const ASCII = new TextDecoder("latin1");

/** Packs non-negative integers (below 2^35) into a string. */
export function encodeNumbers(numbers: Iterable<number>): string {
  const list = [...numbers];
  const bytes = new Uint8Array(list.length * 7);
  let length = 0;
  for (const value of list) length = writeNumber(bytes, length, value);
  return ASCII.decode(bytes.subarray(0, length));
}

/** Writes one number's characters at `position`; returns the position after them. */
function writeNumber(bytes: Uint8Array, position: number, value: number): number {
  while (value >= 32) {
    bytes[position++] = ALPHABET_CODES[32 + (value % 32)] as number;
    value = Math.floor(value / 32);
  }
  bytes[position++] = ALPHABET_CODES[value] as number;
  return position;
}

/** Unpacks `encodeNumbers`. */
export function decodeNumbers(text: string): number[] {
  const numbers: number[] = [];
  let value = 0;
  let scale = 1;
  for (let index = 0; index < text.length; index++) {
    const digit = DIGIT_VALUE[text.charCodeAt(index) & 127] as number;
    if (digit >= 32) {
      value += (digit - 32) * scale;
      scale *= 32;
    } else {
      numbers.push(value + digit * scale);
      value = 0;
      scale = 1;
    }
  }
  return numbers;
}

/**
 * Packs postings, given flat as `[id, score, id, score, …]` with ids ascending, as id
 * differences and scores.
 */
export function encodePostings(postings: ArrayLike<number>): string {
  const bytes = new Uint8Array(postings.length * 7);
  let length = 0;
  let previous = 0;
  for (let index = 0; index + 1 < postings.length; index += 2) {
    const id = postings[index] as number;
    length = writeNumber(bytes, length, id - previous);
    length = writeNumber(bytes, length, postings[index + 1] as number);
    previous = id;
  }
  return ASCII.decode(bytes.subarray(0, length));
}

/** Unpacks `encodePostings` into `into` (id → score), keeping the higher of two scores. */
export function decodePostings(text: string, factor: number, into: Map<number, number>): void {
  const numbers = decodeNumbers(text);
  let id = 0;
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    id += numbers[index] as number;
    const score = (numbers[index + 1] as number) * factor;
    if (score > (into.get(id) ?? 0)) into.set(id, score);
  }
}

/** The shard key of a term: its shortest prefix (in characters) that is not split. */
export function shardKeyOf(term: string, split: ReadonlySet<string>): string {
  const characters = [...term];
  let length = 0;
  while (length < characters.length && split.has(characters.slice(0, length).join(""))) length++;
  return characters.slice(0, length).join("");
}
