/**
 * How many `<a>` elements open inside another `<a>` in serialized HTML, read tag by tag as
 * written (a browser's parser would instead end the outer link there, tearing it apart).
 * Attribute values may hold `>`; quoted values are skipped whole.
 */
export function countNestedLinks(html: string): number {
  let depth = 0;
  let nested = 0;
  const text = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const match of text.matchAll(/<(\/?)a(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    if (match[1]) depth = Math.max(0, depth - 1);
    else {
      if (depth > 0) nested++;
      depth++;
    }
  }
  return nested;
}
