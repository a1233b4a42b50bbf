import type { SearchDocument } from "../../../src/exporter/search/build-index.ts";

/**
 * A large documentation site made up deterministically: words drawn from a vocabulary of
 * invented words with the skewed frequencies of real text (a few words everywhere, most
 * words rare), so shard sizes behave as they would on a real site of that size.
 */
export function generatedSite(
  pageCount: number,
  seed = 1,
): { documents: SearchDocument[]; vocabulary: string[] } {
  const random = mulberry32(seed);
  const syllables =
    "ka lo mi ne ru ta shi po ve da zu fe gri bo lan ter qui sa mon del ix or um ar en".split(" ");
  const vocabulary = new Set<string>();
  while (vocabulary.size < 20_000) {
    const length = 2 + Math.floor(random() * 3);
    vocabulary.add(
      Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join(""),
    );
  }
  const words = [...vocabulary];
  // Zipf: the word of rank r appears with weight 1 / r.
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const word = (): string => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return words[low] as string;
  };
  const phrase = (count: number): string => Array.from({ length: count }, word).join(" ");
  const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

  const documents: SearchDocument[] = Array.from({ length: pageCount }, (_, page) => {
    const sectionCount = 3 + Math.floor(random() * 4);
    return {
      path: `section-${page % 10}/group-${page % 37}/page-${page}`,
      title: capitalized(phrase(2 + Math.floor(random() * 3))),
      description: `${capitalized(phrase(12))}.`,
      breadcrumb: [`Section ${page % 10}`, `Group ${page % 37}`],
      sections: [
        { anchor: "", heading: "", text: `${capitalized(phrase(40))}.` },
        ...Array.from({ length: sectionCount }, (_unused, section) => ({
          anchor: `part-${section}`,
          heading: capitalized(phrase(2 + Math.floor(random() * 3))),
          text: `${capitalized(phrase(60 + Math.floor(random() * 140)))}.`,
        })),
      ],
    };
  });
  return { documents, vocabulary: words };
}

/** A small, fast, seedable generator: the same seed gives the same site. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
