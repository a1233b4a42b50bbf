import { isStopWord, normalize, prefixesOf, stem, words } from "./tokenize.ts";

/**
 * Highlighting of search results, as HTML: the text escaped, the words that match the
 * query wrapped in <mark>. Works on the displayed text (accents kept) while matching on
 * normalized words, so `tâches` is highlighted for the query `taches`.
 */

const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * Decides whether a word of a result matches the query the way the search did: by stem,
 * or for the last word of the query (still being typed), by prefix.
 */
export function queryMatcher(query: string): (word: string) => boolean {
  const queryWords = words(query);
  const last = queryWords[queryWords.length - 1];
  const stems = new Set(queryWords.filter((word) => !isStopWord(word)).map(stem));
  const prefixes = last === undefined ? [] : prefixesOf(last);
  return (word) => {
    const normalized = normalize(word);
    return stems.has(stem(normalized)) || prefixes.some((prefix) => normalized.startsWith(prefix));
  };
}

/** `text` escaped, with matching words in <mark>. */
export function highlight(text: string, matches: (word: string) => boolean): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!matches(match[0])) continue;
    html += `${escapeHtml(text.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * About `length` characters of `text` around its first matching word, highlighted, with
 * "…" where it was cut. A text with no match gives its beginning.
 */
export function excerpt(text: string, matches: (word: string) => boolean, length = 160): string {
  let start = 0;
  for (const match of text.matchAll(WORD)) {
    if (!matches(match[0])) continue;
    // Start at the sentence of the match if it begins close enough, else on a word boundary.
    const sentence = text.lastIndexOf(". ", match.index);
    if (sentence >= 0 && match.index - sentence <= length / 2) {
      start = sentence + 2;
    } else if (match.index > length / 4) {
      const space = text.indexOf(" ", match.index - Math.floor(length / 4));
      start = space >= 0 && space < match.index ? space + 1 : match.index;
    }
    break;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  const body = highlight(text.slice(start, end), matches);
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
