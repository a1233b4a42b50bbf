/** What a fence's meta string says: ```ts title="a.ts" {1,3-5} lines wrap```. */
export interface CodeMeta {
  title?: string;
  icon?: string;
  highlight: Set<number>;
  focus: Set<number>;
  lineNumbers: boolean;
  wrap: boolean;
  expandable: boolean;
  /** The block asks for type information on hover (`twoslash`, TypeScript and JavaScript). */
  twoslash: boolean;
}

/**
 * Parses Mintlify's fence meta: `title="..."` or bare words as the title, `{1,3-5}` or
 * `highlight={...}` for highlighted lines, `focus={...}`, and the flags `lines`, `wrap`,
 * `expandable`, `twoslash`, `icon="..."`.
 */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const result: CodeMeta = {
    highlight: new Set(),
    focus: new Set(),
    lineNumbers: false,
    wrap: false,
    expandable: false,
    twoslash: false,
  };
  if (!meta) return result;
  let rest = meta;
  const take = (pattern: RegExp): string | undefined => {
    const match = pattern.exec(rest);
    if (!match) return undefined;
    rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
    return match[1] ?? match[2] ?? match[3] ?? "";
  };
  const quoted = (key: string): RegExp =>
    new RegExp(`\\b${key}=(?:"([^"]*)"|'([^']*)'|\\{?([^\\s}]*)\\}?)`);
  result.title = take(quoted("title"));
  result.icon = take(quoted("icon"));
  const focus = take(/\bfocus=\{?([\d,\s-]+)\}?/);
  if (focus) result.focus = parseRanges(focus);
  const highlight = take(/\bhighlight=\{?([\d,\s-]+)\}?/) ?? take(/\{([\d,\s-]+)\}/);
  if (highlight) result.highlight = parseRanges(highlight);
  for (const word of ["lines", "wrap", "expandable"] as const) {
    if (take(new RegExp(`(?:^|\\s)${word}(?=\\s|$)()`)) !== undefined) {
      if (word === "lines") result.lineNumbers = true;
      else result[word] = true;
    }
  }
  // `twoslash` asks for type hovers (code/twoslash/); the word never becomes the title.
  result.twoslash = take(/(?:^|\s)twoslash(?=\s|$)()/) !== undefined;
  const remaining = rest.replace(/\s+/g, " ").trim();
  if (!result.title && remaining) result.title = remaining;
  return result;
}

/** `1,3-5` → {1,3,4,5}; ranges are capped so a hostile `1-999999999` stays cheap. */
export function parseRanges(text: string): Set<number> {
  const lines = new Set<number>();
  for (const part of text.split(",")) {
    const [from, to] = part.split("-").map((value) => Number.parseInt(value.trim(), 10));
    if (from === undefined || Number.isNaN(from)) continue;
    const end = to === undefined || Number.isNaN(to) ? from : Math.min(to, from + 10_000);
    for (let line = from; line <= end; line++) lines.add(line);
  }
  return lines;
}
