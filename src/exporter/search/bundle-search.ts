import { readFile } from "node:fs/promises";
import { confine } from "../../files/confine.ts";
import { isSearchEntry, SEARCH_ENTRY } from "./build-index.ts";
import { SEARCH_GLOBAL } from "./index-format.ts";
import { openSearchIndex, type SearchIndex } from "./query.ts";
import { isStopWord, words } from "./tokenize.ts";

/**
 * The exact shape of an index file as the export writes it (`window.<global>.load("id",data);`):
 * the id and the data are JSON, so the server reads them with JSON.parse and never runs a
 * bundle's file as script.
 */
const INDEX_FILE = new RegExp(
  `^window\\.${SEARCH_GLOBAL}\\.load\\(("(?:[^"\\\\]|\\\\.)*"),([\\s\\S]*)\\);\\s*$`,
);

/** Index files larger than this are not read (the export keeps each well under it). */
const MAX_INDEX_FILE_BYTES = 8 * 1024 * 1024;

/** The data of one index file of the bundle at `root` (`path` relative to it). */
export async function readIndexFile(root: string, path: string): Promise<unknown> {
  const file = confine(root, path.replace(/\?.*$/, ""));
  if (!file) throw new Error(`${path}: outside the bundle`);
  const text = await readFile(file, "utf8");
  if (text.length > MAX_INDEX_FILE_BYTES) throw new Error(`${path}: too large for a search file`);
  const match = INDEX_FILE.exec(text);
  try {
    if (match) {
      JSON.parse(match[1] as string);
      return JSON.parse(match[2] as string);
    }
  } catch (error) {
    throw new Error(`${path}: not a search index file`, { cause: error });
  }
  throw new Error(`${path}: not a search index file`);
}

/** A bundle's search index on a server, and how it reads a reader's question. */
export interface BundleSearch extends SearchIndex {
  /** The words of a question worth searching for (see `questionWords`). */
  questionWords(question: string): string[];
}

/**
 * Opens the search index of an unpacked bundle with the same query code the page runs, so the
 * assistant retrieves what a reader's search would find: the site's, or the one `entry` names
 * (a language's, `_quire/search/<language>/index.js`, as the asking page searches).
 */
export async function openBundleSearch(
  root: string,
  entry: string = SEARCH_ENTRY,
): Promise<BundleSearch> {
  if (!isSearchEntry(entry)) throw new Error(`${entry}: not a search index of the bundle`);
  const index = await openSearchIndex(entry, (path) => readIndexFile(root, path));
  return { search: index.search, questionWords };
}

/** Words of a question that name no subject: searched for, they would match every page. */
const QUESTION_WORDS = new Set(
  "how what why when where which who whom whose does did done i me my mine our us can could should would may might please tell explain want need get".split(
    " ",
  ),
);

/**
 * The words of a reader's question worth searching for, normalised as the index is, each
 * once, in order: stop words, question words and single letters left out.
 */
export function questionWords(question: string): string[] {
  return [...new Set(words(question))].filter(
    (word) => !isStopWord(word) && !QUESTION_WORDS.has(word) && [...word].length > 1,
  );
}
