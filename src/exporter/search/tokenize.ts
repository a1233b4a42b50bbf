/**
 * Text → search terms, identically at export time and in the browser (this module is part
 * of the client bundle, so it stays small and has no dependency).
 */

/** Longer "words" are hashes, base64 or minified code: never worth a dictionary entry. */
const MAXIMUM_WORD_LENGTH = 40;
const WORD = /[\p{L}\p{N}_]+/gu;
/** Text with nothing but printable ASCII needs no Unicode normalization: the fast path. */
const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;
/** Scripts written without spaces between words: each character is its own term. */
const UNSPACED_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;

const STOP_WORDS = new Set(
  "a an and are as at be but by can do for from has have if in into is it its of on or so than that the their then there these this to was we were will with you your".split(
    " ",
  ),
);

/** Lowercase, accents removed (`É` → `e`), compatibility forms folded (`ﬁ` → `fi`). */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * The normalized words of a text, in order, stop words included: letters, digits and `_`,
 * with unspaced scripts (Chinese, Japanese, Korean) split into single characters.
 * This runs over every word of a site at export time, hence the fast paths.
 */
export function words(text: string): string[] {
  const normalized = NOT_PLAIN_ASCII.test(text) ? normalize(text) : text.toLowerCase();
  const found = normalized.match(WORD) ?? [];
  const unspaced = UNSPACED_SCRIPT.test(normalized);
  const result: string[] = [];
  for (const word of found) {
    if (unspaced && UNSPACED_SCRIPT.test(word)) {
      for (const character of word) result.push(character);
    } else if (word.length <= MAXIMUM_WORD_LENGTH) {
      result.push(word);
    }
  }
  return result;
}

/** Whether a word is too common to be worth indexing on its own. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Whether a word carries no meaning alone: one Latin letter (digits and CJK characters do). */
function isNoise(word: string): boolean {
  return word.length === 1 && /[a-z_]/.test(word);
}

/** The terms a text is indexed under: its words without stop words and noise, stemmed. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}

/** The term a word is indexed under, or undefined for a stop word or a lone letter. */
export function termOf(word: string): string | undefined {
  return isStopWord(word) || isNoise(word) ? undefined : stem(word);
}

/**
 * A light English stemmer that only removes plural and third-person endings, so a prefix
 * typed by the reader stays a prefix of the stem in almost every case:
 * `jobs` → `job`, `classes` → `class`, `retries` → `retry`. Short words are left alone.
 */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is|ous)$/.test(word))
    return word.slice(0, -1);
  return word;
}

/**
 * The index prefixes to look up for a word the reader is still typing. The word itself,
 * and where the stemmer rewrites an ending, the stem it is heading to: `retri` and `retrie`
 * may end as `retries` → `retry`, and `classe` as `classes` → `class`, so those are looked
 * up too.
 */
export function prefixesOf(word: string): string[] {
  const prefixes = [word];
  const ies = /^(.{2,}?)ie?$/.exec(word);
  if (ies) prefixes.push(`${ies[1]}y`);
  const es = /^(.+(?:ss|x|ch|sh|zz))e$/.exec(word);
  if (es) prefixes.push(es[1] as string);
  return prefixes;
}
