/**
 * Splits text into search terms, identically at export time and in the browser: lowercase,
 * accents removed, words of letters and digits, a light plural stemming, and CJK
 * characters as single terms (they have no spaces between words).
 */
export function tokenize(text: string): string[] {
  const normalized = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const terms: string[] = [];
  for (const match of normalized.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const word = match[0];
    if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(word)) {
      for (const character of word) terms.push(character);
      continue;
    }
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}

/** `jobs` → `job`, `classes` → `class`; never below three letters. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

const STOP_WORDS = new Set(["the", "and", "or", "of", "to", "in", "is", "it", "for", "on", "with", "as", "at", "by", "an", "be", "this", "that", "are", "was", "from", "if", "you", "your", "can", "will", "not", "but", "we"]);

/**
 * The shard a term lives in: its first character, extended one character at a time while
 * that prefix was too busy and split further (`s` → `sc` → `sch`).
 */
export function shardKey(term: string, splitPrefixes: ReadonlySet<string>): string {
  const characters = [...term];
  let length = 1;
  while (length < characters.length && splitPrefixes.has(characters.slice(0, length).join(""))) length++;
  return characters.slice(0, length).join("") || "_";
}
