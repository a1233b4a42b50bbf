/** Where each term of the dictionary goes, so that no shard is larger than a budget. */
export interface ShardPlan {
  /** Prefixes split into longer prefixes, sorted. */
  split: string[];
  /** Leaf shards: key and the range [start, end) of the sorted terms they hold. */
  shards: { key: string; start: number; end: number }[];
  /** Split prefixes that are themselves a term: prefix → that term's index. */
  exactTerms: Map<string, number>;
}

/**
 * Splits a sorted term dictionary into shards by prefix, like a trie cut where it gets
 * heavy: a prefix whose terms weigh more than `budget` bytes is split by one more
 * character, again and again, so each shard stays near the budget whatever the site's
 * size and language. One term alone is never split, whatever its weight.
 *
 * `terms` must be sorted by `<` (UTF-16 order), which keeps every prefix's terms
 * consecutive; `weights[i]` is the byte size term i adds to a shard.
 */
export function planShards(
  terms: readonly string[],
  weights: readonly number[],
  budget: number,
): ShardPlan {
  const plan: ShardPlan = { split: [], shards: [], exactTerms: new Map() };
  const characters = terms.map((term) => [...term]);
  const cumulative = [0];
  for (const weight of weights)
    cumulative.push((cumulative[cumulative.length - 1] as number) + weight);

  // An explicit stack rather than recursion: a long shared prefix would nest deeply.
  const stack: { prefix: string; depth: number; start: number; end: number }[] = [
    { prefix: "", depth: 0, start: 0, end: terms.length },
  ];
  while (stack.length > 0) {
    const node = stack.pop() as { prefix: string; depth: number; start: number; end: number };
    const weight = (cumulative[node.end] as number) - (cumulative[node.start] as number);
    if (node.end - node.start <= 1 || weight <= budget) {
      if (node.end > node.start)
        plan.shards.push({ key: node.prefix, start: node.start, end: node.end });
      continue;
    }
    plan.split.push(node.prefix);
    let start = node.start;
    // The term equal to the prefix sorts first; it goes to the prefix's summary.
    if ((characters[start] as string[]).length === node.depth) {
      plan.exactTerms.set(node.prefix, start);
      start++;
    }
    const children: { prefix: string; depth: number; start: number; end: number }[] = [];
    while (start < node.end) {
      const prefix = (characters[start] as string[]).slice(0, node.depth + 1).join("");
      let end = start + 1;
      while (end < node.end && (terms[end] as string).startsWith(prefix)) end++;
      children.push({ prefix, depth: node.depth + 1, start, end });
      start = end;
    }
    stack.push(...children.reverse());
  }
  plan.split.sort(compare);
  plan.shards.sort((a, b) => compare(a.key, b.key));
  return plan;
}

/** Plain UTF-16 order, the order `Array.prototype.sort` uses, spelled out for clarity. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
