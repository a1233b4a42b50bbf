/** A count with its word, singular for one and plural otherwise: `1 page`, `2 pages`, `0 pages`. */
export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}
