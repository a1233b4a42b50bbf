import type { Variables } from "./variables.ts";

/*
 * docs.json `variables` in page and snippet sources. Mintlify replaces `{{name}}` in the text
 * of MDX pages and snippets before anything reads it: prose, frontmatter (titles), component
 * props and code blocks alike. Replacing the text itself would let a value become syntax (a
 * `<` or `{` in a value breaks the page, a `: ` breaks the frontmatter) and `{{api-url}}` is
 * not even valid MDX. So each `{{name}}` becomes a token of the same length made of private-use
 * characters, which every syntax reads as plain text and which keeps every line and column;
 * once parsed, the tokens are replaced by the values wherever the text ended up.
 */

/** A source with its variables stood in for by tokens. */
export interface ProtectedSource {
  /** The text to parse: each `{{name}}` a token of the same length. */
  text: string;
  /** The text with its tokens replaced: the variable's value, or what was written for an undefined one. */
  restore(text: string): string;
  /** The same for text read as HTML: values are escaped, so that a value is never markup. */
  restoreHtml(text: string): string;
  /** `{{name}}` with no such variable, left as written: each is reported. */
  undefinedNames: { name: string; line: number; column: number }[];
}

/**
 * `{{name}}`: letters, digits, hyphens, underscores. Not after `=` (`style={{color}}` is an
 * object written in JSX), and one starting with a digit only when defined (`x^{{2}}` in math).
 */
const REFERENCE = /(=\s*)?\{\{([\w-]+)\}\}/g;

/**
 * Stands tokens in for the variables a source names; undefined when it names none (or the
 * site defines no variables, when nothing is touched: `{{…}}` then is whatever it was).
 */
export function protectVariables(
  text: string,
  variables: Variables | undefined,
): ProtectedSource | undefined {
  if (!variables || !text.includes("{{")) return undefined;
  const markers = freeMarkers(text);
  if (!markers) return undefined;
  const [start, pad, end] = markers;
  const written: string[] = [];
  const tokens = new Map<string, number>();
  const undefinedNames: ProtectedSource["undefinedNames"] = [];
  let lineStarts: number[] | undefined;
  const protectedText = text.replace(
    REFERENCE,
    (match: string, assignment: string | undefined, name: string, offset: number) => {
      if (assignment !== undefined) return match;
      const defined = Object.hasOwn(variables, name);
      if (!defined && !/^[A-Za-z]/.test(name)) return match;
      const reference = match;
      let index = tokens.get(reference);
      if (index === undefined) {
        index = written.length;
        written.push(reference);
        tokens.set(reference, index);
      }
      const id = index.toString(36);
      // `{{a}}` has room for a three-character id between the markers: 46,656 names per source.
      if (id.length + 2 > reference.length) return match;
      if (!defined) {
        lineStarts ??= startsOfLines(text);
        const line = lineOf(lineStarts, offset);
        undefinedNames.push({ name, line: line + 1, column: offset - (lineStarts[line] ?? 0) + 1 });
      }
      return start + id + pad.repeat(reference.length - id.length - 2) + end;
    },
  );
  if (written.length === 0) return undefined;
  const textOfToken = (index: number): string => {
    const reference = written[index] ?? "";
    const name = reference.slice(2, -2);
    return Object.hasOwn(variables, name) ? (variables[name] as string) : reference;
  };
  const pattern = new RegExp(`${start}([0-9a-z]+)${pad}*${end}`, "g");
  const replace = (value: string, encode: (text: string) => string): string =>
    value.includes(start)
      ? value.replace(pattern, (_match, id: string) => encode(textOfToken(Number.parseInt(id, 36))))
      : value;
  return {
    text: protectedText,
    restore: (value) => replace(value, (text) => text),
    restoreHtml: (value) => replace(value, escapeHtml),
    undefinedNames,
  };
}

/**
 * Replaces the tokens in every string of parsed data (a syntax tree, frontmatter), in place:
 * raw HTML (`html` nodes) gets escaped values, everything else the values as they are.
 */
export function restoreVariables<T>(data: T, source: ProtectedSource): T {
  const visit = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return source.restore(value);
    if (!value || typeof value !== "object" || depth > 10_000) return value;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        value[index] = visit(value[index], depth + 1);
      return value;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key === "position") continue;
      const item = record[key];
      if (key === "value" && record.type === "html" && typeof item === "string")
        record[key] = source.restoreHtml(item);
      else record[key] = visit(item, depth + 1);
    }
    return value;
  };
  return visit(data, 0) as T;
}

/** Three private-use characters the text does not hold: the token's start, padding and end. */
function freeMarkers(text: string): [string, string, string] | undefined {
  for (let code = 0xe000; code + 2 <= 0xf8ff; code += 3) {
    const markers = [code, code + 1, code + 2].map((point) => String.fromCharCode(point));
    if (markers.every((marker) => !text.includes(marker)))
      return markers as [string, string, string];
  }
  return undefined;
}

function startsOfLines(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
    starts.push(index + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
