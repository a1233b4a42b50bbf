/*
 * How the languages write values: string literals of the C family, each language with its own
 * escapes, and JSON-like values as literals, one member per line.
 */

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A code as hexadecimal digits, at least `width` of them. */
export function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** Characters a reader could not see or a parser could trip on: controls, separators, lone surrogates. */
function isUnsafeCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code < 0xa0) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/**
 * A double-quoted string literal of the C family: backslash, double quote, `\n`, `\r` and `\t`
 * escaped the same way everywhere; `escapeCode` writes the other characters that must not appear as
 * they are (those `mustEscape` picks), in the language's own escape syntax.
 */
export function escapedString(
  text: string,
  escapeCode: (code: number) => string,
  mustEscape: (code: number) => boolean = isUnsafeCharacter,
): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (character === "\\") out += "\\\\";
    else if (character === '"') out += '\\"';
    else if (character === "\n") out += "\\n";
    else if (character === "\r") out += "\\r";
    else if (character === "\t") out += "\\t";
    else if (mustEscape(code)) out += escapeCode(code);
    else out += character;
  }
  return `${out}"`;
}

/** How a language writes JSON-like values: the one thing that differs is the tokens. */
export interface LiteralStyle {
  string: (text: string) => string;
  key: (name: string) => string;
  true: string;
  false: string;
  null: string;
  indent: string;
}

/** A JSON value written as a literal, one member per line with trailing commas, `level` deep. */
export function literal(value: unknown, style: LiteralStyle, level = 0): string {
  if (value === null || value === undefined) return style.null;
  if (typeof value === "boolean") return value ? style.true : style.false;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : style.null;
  if (typeof value === "string") return style.string(value);
  const inner = style.indent.repeat(level + 1);
  const outer = style.indent.repeat(level);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${literal(item, style, level + 1)},\n`).join("")}${outer}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([name, item]) => `${inner}${style.key(name)}: ${literal(item, style, level + 1)},\n`).join("")}${outer}}`;
  }
  return style.null;
}

/** Whether a name repeats among the pairs (a dictionary would then lose values). */
export function hasDuplicateNames(pairs: readonly { 0: string }[]): boolean {
  return new Set(pairs.map((pair) => pair[0])).size !== pairs.length;
}
