import { MAX_NESTING_DEPTH } from "../limits.ts";

/** Where a source nests deeper than the limit, and what nests there. */
export interface DeepNesting {
  /** What nests, as a reader would name it: `lists`, `JSX elements`… */
  what: string;
  line: number;
  column: number;
}

/**
 * Finds nesting deeper than `limit` in a page's text before it is parsed. The parser's cost
 * grows faster than linearly with depth (a 20 KB page of 10,000 nested list items takes over a
 * minute), so this check must not need the parse: one pass over the text, estimating from
 * above the depth each construct can reach. The syntax tree is checked exactly afterwards
 * (`tree-nesting.ts`); this pass makes sure the parser is never handed a pathological text.
 * Fenced code and frontmatter are not read.
 */
export function findDeepSourceNesting(
  text: string,
  format: "mdx" | "md",
  limit = MAX_NESTING_DEPTH,
): DeepNesting | undefined {
  const lines = lineStarts(text);
  const blocks = scanContainers(text, lines, format, limit);
  const inline = scanInline(text, lines, blocks.skipped, format, limit);
  const found = [blocks.deep, inline].filter((item): item is DeepNesting => item !== undefined);
  found.sort((a, b) => a.line - b.line || a.column - b.column);
  return found[0];
}

/**
 * HTML nested deeper than `limit`, counting elements only: the HTML a repository component
 * sets itself (`dangerouslySetInnerHTML`), which is parsed into a tree the host walks.
 */
export function findDeepHtmlNesting(
  html: string,
  limit = MAX_NESTING_DEPTH,
): DeepNesting | undefined {
  const lines = lineStarts(html);
  return scanInline(html, lines, new Uint8Array(lines.length), "md", limit, [ELEMENTS]);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
    starts.push(index + 1);
  return starts;
}

/** The index of the line's `\n` (or the end of the text). */
function lineEnd(text: string, lines: number[], line: number): number {
  const next = lines[line + 1];
  return next === undefined ? text.length : next - 1;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const character = text[index];
    if (character !== " " && character !== "\t" && character !== "\r") return false;
  }
  return true;
}

/** A position in a line: its index in the text and its column (tabs widen to a multiple of 4). */
interface Cursor {
  index: number;
  column: number;
}

/** Advances over spaces and tabs, up to `max` columns; returns the columns passed. */
function skipSpaces(text: string, cursor: Cursor, end: number, max: number): number {
  const start = cursor.column;
  while (cursor.index < end && cursor.column - start < max) {
    const character = text[cursor.index];
    if (character === " ") cursor.column++;
    else if (character === "\t") cursor.column += 4 - (cursor.column % 4);
    else break;
    cursor.index++;
  }
  return cursor.column - start;
}

/** A block quote, a list item or a footnote definition, whose content starts at `column`. */
interface Container {
  kind: "quote" | "item" | "footnote";
  column: number;
}

/**
 * Block containers, line by line, as CommonMark opens and continues them: a line continues
 * the open list items it is indented into and the block quotes whose `>` it repeats, then
 * may open more (`- - > 1. text` opens four). Also marks the lines of fenced code and
 * frontmatter, which the inline scan skips.
 */
function scanContainers(
  text: string,
  lines: number[],
  format: "mdx" | "md",
  limit: number,
): { deep?: DeepNesting; skipped: Uint8Array } {
  const skipped = new Uint8Array(lines.length);
  let first = 0;
  const frontmatter = /^(?:\uFEFF)?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (frontmatter) {
    while (first < lines.length && (lines[first] as number) < frontmatter[0].length)
      skipped[first++] = 1;
  }
  const open: Container[] = [];
  let fence: { marker: string; length: number; depth: number } | undefined;
  /** The previous line was paragraph text, which an unindented line may continue. */
  let paragraph = false;
  for (let line = first; line < lines.length; line++) {
    const end = lineEnd(text, lines, line);
    const cursor: Cursor = { index: lines[line] as number, column: 0 };
    const blank = isBlank(text, cursor.index, end);
    const matched = continueContainers(text, cursor, end, open, blank);
    if (fence) {
      if (matched >= fence.depth) {
        skipped[line] = 1;
        const rest = text.slice(cursor.index, end).trim();
        if (rest.length >= fence.length && rest === fence.marker.repeat(rest.length))
          fence = undefined;
        continue;
      }
      // The container holding the code block ended, and the block with it.
      fence = undefined;
    }
    const opened = openContainers(text, cursor, end, format);
    const rest = text.slice(cursor.index, end);
    const opening = (format === "mdx" ? /^[ \t]*(`{3,}|~{3,})/ : /^ {0,3}(`{3,}|~{3,})/).exec(rest);
    const marker = opening?.[1];
    const fenceStarts =
      marker !== undefined && !(marker[0] === "`" && rest.slice(opening?.[0].length).includes("`"));
    // Text that opens nothing may continue the paragraph of a container it is not indented
    // into (a lazy continuation); any other line closes the containers it does not continue.
    const lazy = paragraph && opened.length === 0 && !blank && !fenceStarts;
    if (!lazy) open.length = matched;
    const before = open.length;
    for (const item of opened) open.push(item.container);
    if (open.length > limit) {
      const passing = opened[Math.max(0, limit - before)] as (typeof opened)[number];
      return {
        deep: {
          what: describeContainers(open.slice(0, limit + 1)),
          line: line + 1,
          column: passing.index - (lines[line] as number) + 1,
        },
        skipped,
      };
    }
    paragraph = !blank && !fenceStarts;
    if (fenceStarts) {
      fence = {
        marker: (marker as string)[0] as string,
        length: (marker as string).length,
        depth: open.length,
      };
      skipped[line] = 1;
    }
  }
  return { skipped };
}

/** Moves the cursor past the prefixes of the open containers the line continues; returns how many. */
function continueContainers(
  text: string,
  cursor: Cursor,
  end: number,
  open: Container[],
  blank: boolean,
): number {
  let matched = 0;
  for (const container of open) {
    const save = { ...cursor };
    if (container.kind === "quote") {
      skipSpaces(text, cursor, end, 3);
      if (text[cursor.index] !== ">") {
        Object.assign(cursor, save);
        break;
      }
      cursor.index++;
      cursor.column++;
      skipSpaces(text, cursor, end, 1);
    } else if (!blank) {
      skipSpaces(text, cursor, end, container.column - cursor.column);
      if (cursor.column < container.column) {
        Object.assign(cursor, save);
        break;
      }
    }
    matched++;
  }
  return matched;
}

/** The containers a line opens after those it continues: quote, list item and footnote markers. */
function openContainers(
  text: string,
  cursor: Cursor,
  end: number,
  format: "mdx" | "md",
): { container: Container; index: number }[] {
  const opened: { container: Container; index: number }[] = [];
  const breakFrom = thematicBreakStart(text, cursor.index, end);
  for (;;) {
    const save = { ...cursor };
    const spaces = skipSpaces(text, cursor, end, Number.POSITIVE_INFINITY);
    // Four spaces start indented code in Markdown; MDX has no indented code.
    const marker = markerAt(text, cursor.index, end);
    if ((format === "md" && spaces >= 4) || !marker || cursor.index >= breakFrom) {
      Object.assign(cursor, save);
      return opened;
    }
    const index = cursor.index;
    const markerColumn = cursor.column;
    cursor.index += marker;
    cursor.column += marker;
    if (text[index] === ">") {
      skipSpaces(text, cursor, end, 1);
      opened.push({ container: { kind: "quote", column: cursor.column }, index });
      continue;
    }
    if (text[index] === "[") {
      // A footnote's content continues on lines indented four columns past its marker.
      skipSpaces(text, cursor, end, 1);
      opened.push({ container: { kind: "footnote", column: markerColumn + 4 }, index });
      continue;
    }
    const afterMarker = { ...cursor };
    const gap = skipSpaces(text, cursor, end, Number.POSITIVE_INFINITY);
    // More than four spaces after the marker belong to the content (indented code): it starts after one.
    if (gap > 4 || cursor.index >= end) {
      Object.assign(cursor, afterMarker);
      skipSpaces(text, cursor, end, 1);
    }
    opened.push({
      container: { kind: "item", column: Math.max(cursor.column, afterMarker.column + 1) },
      index,
    });
  }
}

/** The length of a container's marker at `index` (`>`, `-`, `12.`, `[^note]:`), or 0. */
function markerAt(text: string, index: number, end: number): number {
  const character = text[index];
  if (character === ">") return 1;
  if (character === "[") {
    const label = /^\[\^[^\]\s]{1,999}\]:/.exec(text.slice(index, Math.min(end, index + 1004)));
    return label ? label[0].length : 0;
  }
  let length = 0;
  if (character === "-" || character === "*" || character === "+") length = 1;
  else {
    while (length < 9 && /[0-9]/.test(text[index + length] ?? "")) length++;
    if (length === 0 || (text[index + length] !== "." && text[index + length] !== ")")) return 0;
    length++;
  }
  const after = index + length;
  const next = text[after];
  return after >= end || next === " " || next === "\t" || next === "\r" ? length : 0;
}

/**
 * Where the rest of the line is a thematic break (`- - -`, `***`: three or more of one
 * marker with only spaces between), which no marker inside it opens; the line's end if none.
 */
function thematicBreakStart(text: string, start: number, end: number): number {
  let marker: string | undefined;
  let count = 0;
  let from = end;
  for (let index = end - 1; index >= start; index--) {
    const character = text[index] as string;
    if (character === " " || character === "\t" || character === "\r") continue;
    if (character !== "-" && character !== "*" && character !== "_") break;
    if (marker !== undefined && character !== marker) break;
    marker = character;
    count++;
    from = index;
  }
  return count >= 3 ? from : end;
}

function describeContainers(containers: Container[]): string {
  const names = { item: "lists", quote: "block quotes", footnote: "footnotes" };
  const kinds = [...new Set(containers.map((container) => names[container.kind]))];
  if (kinds.length === 1) return kinds[0] as string;
  return `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)} inside one another`;
}

/** The constructs of the inline scan, each counted on its own. */
const ELEMENTS = 0;
const EXPRESSIONS = 1;
const LINKS = 2;
const EMPHASIS = 3;

/** What an event can do; an emphasis run may do both. */
const OPENS = 1;
const CLOSES = 2;

/** What the scan is inside of: Markdown text, a tag (`<Card title="…">`), or an expression. */
type Mode = "text" | "tag" | "expression";

interface Frame {
  mode: Mode;
  /** A tag: where it starts, and whether it opens an element (not `</x>`, `<br>`, `<x />`). */
  start: number;
  opens: boolean;
  /** An expression: its brackets still open. */
  depth: number;
}

/** Elements with no closing tag: they never contain anything. */
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** Elements whose end tag HTML may leave out: the next one of its kind (or its parent's end) closes it. */
const OPTIONAL_END = new Set([
  "p",
  "li",
  "dt",
  "dd",
  "rt",
  "rp",
  "optgroup",
  "option",
  "colgroup",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "html",
  "head",
  "body",
]);

/**
 * Elements, expressions, links and emphasis: every opener and closer in one pass, then for
 * each opener the depth it can reach at most, which is both the openers still unclosed up to
 * it and the closers still unmatched after it. Openers that nothing closes (a lone `[`, a
 * `*.js` glob, an unclosed `<p>`) so add no depth: text that merely has many is not nesting.
 */
function scanInline(
  text: string,
  lines: number[],
  skipped: Uint8Array,
  format: "mdx" | "md",
  limit: number,
  kinds: readonly number[] = [ELEMENTS, EXPRESSIONS, LINKS, EMPHASIS],
): DeepNesting | undefined {
  const scan = new InlineScan(text, format);
  let line = 0;
  while (scan.index < text.length) {
    while (line + 1 < lines.length && (lines[line + 1] as number) <= scan.index) line++;
    // Whole lines of code and frontmatter are not read.
    if (scan.index === lines[line] && skipped[line]) {
      scan.index = lineEnd(text, lines, line) + 1;
      continue;
    }
    if (text[scan.index] === "\n") {
      const next = line + 1;
      if (next < lines.length && isBlank(text, lines[next] as number, lineEnd(text, lines, next)))
        scan.events.paragraphEnds.push(scan.index);
      scan.index++;
      continue;
    }
    scan.step(lineEnd(text, lines, line));
  }
  // An HTML parser nests an element left open in the next one (JSX refuses it): in HTML, an
  // opener nests whether or not anything closes it.
  const found = firstTooDeep(scan.events, limit, kinds, format === "md");
  if (!found) return undefined;
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lines[middle] as number) <= found.offset) low = middle;
    else high = middle - 1;
  }
  const what = [
    format === "mdx" ? "JSX elements" : "HTML elements",
    "brackets in expressions",
    "links and images",
    "emphasis",
  ][found.kind] as string;
  return { what, line: low + 1, column: found.offset - (lines[low] as number) + 1 };
}

/** The state of the inline scan: where it is, what it is inside of, what it found. */
class InlineScan {
  readonly text: string;
  readonly format: "mdx" | "md";
  readonly events = new Events();
  index = 0;
  private readonly stack: Frame[] = [{ mode: "text", start: 0, opens: false, depth: 0 }];
  /** Code spans of the current line: where each starts → where it ends. */
  private spansLineEnd = -1;
  private spans = new Map<number, number>();

  constructor(text: string, format: "mdx" | "md") {
    this.text = text;
    this.format = format;
  }

  /** Reads one construct (or one character) at `index`, on a line ending at `end`. */
  step(end: number): void {
    const frame = this.stack[this.stack.length - 1] as Frame;
    if (frame.mode === "text") this.textStep(end);
    else if (frame.mode === "tag") this.tagStep(frame);
    else this.expressionStep(frame);
  }

  private textStep(end: number): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === "\\") {
      this.index += 2;
    } else if (character === "`") {
      this.index = this.codeSpanEnd(index, end);
    } else if (character === "{" && this.format === "mdx") {
      this.openExpression();
    } else if (character === "<") {
      this.tagStart();
    } else if (character === "[" || character === "]") {
      this.events.add(LINKS, character === "[" ? OPENS : CLOSES, index, 1);
      this.index++;
    } else if (character === "*" || character === "_" || character === "~") {
      this.delimiterRun(character);
    } else {
      this.index++;
    }
  }

  private tagStep(frame: Frame): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === '"' || character === "'") this.index = skipQuoted(text, index, true);
    else if (character === "{" && this.format === "mdx") this.openExpression();
    else if (character === "/" && text[index + 1] === ">") {
      this.stack.pop();
      this.index += 2;
    } else if (character === ">") {
      this.stack.pop();
      if (frame.opens) this.events.add(ELEMENTS, OPENS, frame.start, 1);
      this.index++;
    } else this.index++;
  }

  private expressionStep(frame: Frame): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === '"' || character === "'" || character === "`") {
      this.index = skipQuoted(text, index, character === "`");
    } else if (character === "/" && text[index + 1] === "/") {
      const end = text.indexOf("\n", index);
      this.index = end === -1 ? text.length : end;
    } else if (character === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      this.index = end === -1 ? text.length : end + 2;
    } else if (character === "{" || character === "[" || character === "(") {
      frame.depth++;
      this.events.add(EXPRESSIONS, OPENS, index, 1);
      this.index++;
    } else if (character === "}" || character === "]" || character === ")") {
      frame.depth--;
      this.events.add(EXPRESSIONS, CLOSES, index, 1);
      if (frame.depth <= 0) this.stack.pop();
      this.index++;
    } else if (character === "<" && /[A-Za-z/>]/.test(text[index + 1] ?? "")) {
      this.tagStart();
    } else {
      this.index++;
    }
  }

  private openExpression(): void {
    this.events.add(EXPRESSIONS, OPENS, this.index, 1);
    this.stack.push({ mode: "expression", start: this.index, opens: false, depth: 1 });
    this.index++;
  }

  /** `<name`, `</name`, `<>` or `</>`; a comment in Markdown is skipped whole. */
  private tagStart(): void {
    const { text, index } = this;
    if (this.format === "md" && text.startsWith("<!--", index)) {
      const close = text.indexOf("-->", index + 4);
      this.index = close === -1 ? text.length : close + 3;
      return;
    }
    const closing = text[index + 1] === "/";
    const nameStart = index + (closing ? 2 : 1);
    if (text[nameStart] === ">") {
      this.events.add(ELEMENTS, closing ? CLOSES : OPENS, index, 1);
      this.index = nameStart + 1;
      return;
    }
    const name = /^[A-Za-z][\w.:-]*/.exec(text.slice(nameStart, nameStart + 64))?.[0];
    if (!name) {
      this.index++;
      return;
    }
    // An HTML parser closes these by itself (a `<p>` ends the one before): they never pile up.
    const selfEnding =
      this.format === "md" &&
      (VOID_ELEMENTS.has(name.toLowerCase()) || OPTIONAL_END.has(name.toLowerCase()));
    if (closing && !selfEnding) this.events.add(ELEMENTS, CLOSES, index, 1);
    const opens = !closing && !selfEnding && !VOID_ELEMENTS.has(name.toLowerCase());
    this.stack.push({ mode: "tag", start: index, opens, depth: 0 });
    this.index = nameStart + name.length;
  }

  /** A run of `*`, `_` or `~`: it may open emphasis, close it, or both, by what surrounds it. */
  private delimiterRun(character: string): void {
    const { text, index } = this;
    let run = 1;
    while (text[index + run] === character) run++;
    const before = index > 0 ? (text[index - 1] as string) : "\n";
    const after = index + run < text.length ? (text[index + run] as string) : "\n";
    const leftFlanking =
      !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
    const rightFlanking =
      !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
    // `_` inside a word (snake_case) neither opens nor closes.
    const opens = leftFlanking && (character !== "_" || !rightFlanking || isPunctuation(before));
    const closes = rightFlanking && (character !== "_" || !leftFlanking || isPunctuation(after));
    // A run that can do both is counted as either, whichever makes the nesting deeper.
    const role = (opens ? OPENS : 0) | (closes ? CLOSES : 0);
    if (role !== 0) this.events.add(EMPHASIS, role, index, run);
    this.index = index + run;
  }

  /**
   * Past a code span starting at `index` (to the next run of as many backticks on the line),
   * or past its backticks when nothing closes it. The line's runs are paired once, so a line
   * of many unmatched runs costs no more than its length.
   */
  private codeSpanEnd(index: number, end: number): number {
    if (this.spansLineEnd !== end) {
      this.spansLineEnd = end;
      this.spans = pairCodeSpans(this.text, index, end);
    }
    const close = this.spans.get(index);
    if (close !== undefined) return close;
    let after = index;
    while (this.text[after] === "`") after++;
    return after;
  }
}

/** Code spans from `start` to the line's end: opening run index → index after the closing run. */
function pairCodeSpans(text: string, start: number, end: number): Map<number, number> {
  const runs: { at: number; length: number }[] = [];
  for (let index = start; index < end; ) {
    if (text[index] !== "`") {
      index++;
      continue;
    }
    let after = index;
    while (after < end && text[after] === "`") after++;
    runs.push({ at: index, length: after - index });
    index = after;
  }
  // For each run, the next run of the same length.
  const nextSame = new Array<number>(runs.length).fill(-1);
  const latest = new Map<number, number>();
  for (let run = runs.length - 1; run >= 0; run--) {
    const length = (runs[run] as { length: number }).length;
    nextSame[run] = latest.get(length) ?? -1;
    latest.set(length, run);
  }
  const spans = new Map<number, number>();
  for (let run = 0; run < runs.length; ) {
    const partner = nextSame[run] as number;
    const opening = runs[run] as { at: number; length: number };
    if (partner === -1) {
      run++;
      continue;
    }
    const closing = runs[partner] as { at: number; length: number };
    spans.set(opening.at, closing.at + closing.length);
    run = partner + 1;
  }
  return spans;
}

/** Past a quoted string or template; only a template or an attribute value may span lines. */
function skipQuoted(text: string, index: number, multiline: boolean): number {
  const quote = text[index];
  let position = index + 1;
  while (position < text.length) {
    const character = text[position];
    if (character === "\\") position += 2;
    else if (character === quote) return position + 1;
    else if (character === "\n" && !multiline) return position;
    else position++;
  }
  return text.length;
}

function isSpace(character: string): boolean {
  return /\s/.test(character);
}

function isPunctuation(character: string): boolean {
  return /[\p{P}\p{S}]/u.test(character);
}

/**
 * Openers and closers in text order, packed in typed arrays (a long page has millions): the
 * kind and role in one byte, the offset, and the weight (delimiter characters in a run).
 */
class Events {
  count = 0;
  private kinds = new Uint8Array(256);
  private offsets = new Uint32Array(256);
  private weights = new Uint32Array(256);
  /** Offsets of the line ends before blank lines: paragraphs end there. */
  readonly paragraphEnds: number[] = [];

  add(kind: number, role: number, offset: number, weight: number): void {
    if (this.count === this.kinds.length) {
      this.kinds = grow(this.kinds, new Uint8Array(this.count * 2));
      this.offsets = grow(this.offsets, new Uint32Array(this.count * 2));
      this.weights = grow(this.weights, new Uint32Array(this.count * 2));
    }
    this.kinds[this.count] = (kind << 2) | role;
    this.offsets[this.count] = offset;
    this.weights[this.count] = weight;
    this.count++;
  }

  kind(event: number): number {
    return (this.kinds[event] as number) >> 2;
  }

  role(event: number): number {
    return (this.kinds[event] as number) & 3;
  }

  offset(event: number): number {
    return this.offsets[event] as number;
  }

  weight(event: number): number {
    return this.weights[event] as number;
  }
}

function grow<T extends Uint8Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * The first opener whose depth can pass the limit, by its kind and offset. Emphasis is
 * counted in delimiter characters, two of which make one level of `**strong**`, so it is
 * held to twice the limit here (the syntax tree check counts its levels exactly).
 */
function firstTooDeep(
  events: Events,
  limit: number,
  kinds: readonly number[],
  unclosedElementsNest: boolean,
): { kind: number; offset: number } | undefined {
  const { count, paragraphEnds } = events;
  // Forward: the openers of each kind still unclosed after each opener. Links and emphasis
  // cannot leave their paragraph (elements and expressions can): they start again after it.
  const unclosed = new Uint32Array(count);
  const open = [0, 0, 0, 0];
  let paragraph = 0;
  for (let event = 0; event < count; event++) {
    const offset = events.offset(event);
    if (paragraph < paragraphEnds.length && (paragraphEnds[paragraph] as number) < offset) {
      while (paragraph < paragraphEnds.length && (paragraphEnds[paragraph] as number) < offset)
        paragraph++;
      open[LINKS] = 0;
      open[EMPHASIS] = 0;
    }
    const kind = events.kind(event);
    const weight = events.weight(event);
    if (events.role(event) & OPENS) {
      open[kind] = (open[kind] as number) + weight;
      unclosed[event] = open[kind] as number;
    } else open[kind] = Math.max(0, (open[kind] as number) - weight);
  }
  // Backward: the closers of each kind still unmatched after each opener.
  const closers = [0, 0, 0, 0];
  paragraph = paragraphEnds.length - 1;
  let found: { kind: number; offset: number } | undefined;
  for (let event = count - 1; event >= 0; event--) {
    const offset = events.offset(event);
    if (paragraph >= 0 && (paragraphEnds[paragraph] as number) > offset) {
      while (paragraph >= 0 && (paragraphEnds[paragraph] as number) > offset) paragraph--;
      closers[LINKS] = 0;
      closers[EMPHASIS] = 0;
    }
    const kind = events.kind(event);
    const weight = events.weight(event);
    const role = events.role(event);
    if (role & OPENS && kinds.includes(kind)) {
      const allowed = kind === EMPHASIS ? 2 * limit : limit;
      const closed =
        kind === ELEMENTS && unclosedElementsNest ? Number.POSITIVE_INFINITY : closers[kind];
      if (Math.min(unclosed[event] as number, closed as number) > allowed) found = { kind, offset };
    }
    if (role & CLOSES) closers[kind] = (closers[kind] as number) + weight;
    else closers[kind] = Math.max(0, (closers[kind] as number) - weight);
  }
  return found;
}
