import { MAX_PAGE_EXPRESSION_READ_BYTES } from "../limits.ts";
import { formatBytes } from "../site/repo-files.ts";
import type { SourceLimitHit, SourceLines } from "./source-lines.ts";

/** The constructs counted, each on its own. */
export const ELEMENTS = 0;
const EXPRESSIONS = 1;
const LINKS = 2;
const EMPHASIS = 3;
const ALL_KINDS = [ELEMENTS, EXPRESSIONS, LINKS, EMPHASIS];

/**
 * Elements, expressions, links and emphasis nested deeper than `limit`, and expressions
 * that would cost MDX too much to parse, in one pass over the text. Each opener's depth is
 * estimated from above as both the openers still unclosed up to it and the closers still
 * unmatched after it: openers that nothing closes (a lone `[`, a `*.js` glob) add no depth,
 * so text that merely has many is not mistaken for nesting. In HTML (`md`), where a parser
 * nests an element left open, an opener counts whether or not anything closes it.
 */
export function scanInline(
  lines: SourceLines,
  skipped: Uint8Array,
  format: "mdx" | "md",
  limit: number,
  kinds: readonly number[] = ALL_KINDS,
): { hit?: SourceLimitHit; openers: Uint32Array } {
  const { text } = lines;
  const scan = new InlineScan(text, format);
  let line = 0;
  while (scan.index < text.length) {
    while (line + 1 < lines.count && lines.start(line + 1) <= scan.index) line++;
    // Whole lines of fenced code and frontmatter are not read.
    if (scan.index === lines.start(line) && skipped[line]) {
      scan.index = lines.end(line) + 1;
      continue;
    }
    if (text[scan.index] === "\n") {
      if (line + 1 < lines.count && lines.isBlank(line + 1))
        scan.events.paragraphEnds.push(scan.index);
      scan.index++;
      continue;
    }
    scan.step(lines.end(line));
  }
  scan.endOfText();
  const openers = scan.events.openerOffsets();
  const deep = firstTooDeep(scan.events, limit, kinds, format === "md");
  const costly = scan.costlyExpression;
  // Nesting inside the costly expression is the more telling problem of the two.
  if (costly && (!deep || costly.start + costly.length <= deep.offset)) {
    const hit: SourceLimitHit = {
      rule: "expression-limit",
      message: `expressions make MDX read more than ${formatBytes(MAX_PAGE_EXPRESSION_READ_BYTES)} to parse this page (it reads an expression again at each closing brace in it; this one has ${costly.braces} in ${formatBytes(costly.length)})`,
      ...lines.place(costly.start),
    };
    return { hit, openers };
  }
  if (!deep) return { openers };
  const what = [
    format === "mdx" ? "JSX elements" : "HTML elements",
    "brackets in expressions",
    "links and images",
    "emphasis",
  ][deep.kind] as string;
  const hit: SourceLimitHit = {
    rule: "nesting-limit",
    message: `${what} nested deeper than ${limit} levels`,
    ...lines.place(deep.offset),
  };
  return { hit, openers };
}

/** What an event can do; an emphasis run may do both. */
const OPENS = 1;
const CLOSES = 2;

/**
 * What the scan is inside of: Markdown text, a tag (`<Card title="…">`), a JavaScript
 * expression, or the children of an element written inside an expression (JSX text).
 */
type Mode = "text" | "tag" | "expression" | "jsx";

interface Frame {
  mode: Mode;
  /** A tag: where it starts; whether it opens an element (not `</x>`, `<br>`, `<x />`). */
  start: number;
  opens: boolean;
  /** A tag written inside an expression: its children are JSX text, not Markdown. */
  inScript: boolean;
  /** An expression: its braces still open. */
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

/** Elements whose end tag HTML may leave out: the next one (or the parent's end) closes it. */
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

/** The expression at which what MDX reads to parse the page's expressions passes the limit. */
interface CostlyExpression {
  start: number;
  length: number;
  braces: number;
}

/** The state of the inline scan: where it is, what it is inside of, what it found. */
class InlineScan {
  readonly text: string;
  readonly format: "mdx" | "md";
  readonly events = new Events();
  index = 0;
  costlyExpression?: CostlyExpression;
  private readonly stack: Frame[] = [frame("text", 0)];
  /** Where the outermost expression open now starts (the one MDX hands to its parser). */
  private outerExpression?: number;
  /** What MDX reads to parse the page's expressions so far. */
  private expressionReading = 0;
  /** Code spans of the current line: where each starts → where it ends. */
  private spansLineEnd = -1;
  private spans = new Map<number, number>();

  constructor(text: string, format: "mdx" | "md") {
    this.text = text;
    this.format = format;
  }

  /** Reads one construct (or one character) at `index`, on a line ending at `end`. */
  step(end: number): void {
    const top = this.stack[this.stack.length - 1] as Frame;
    if (top.mode === "text") this.textStep(end);
    else if (top.mode === "tag") this.tagStep(top);
    else if (top.mode === "expression") this.expressionStep(top);
    else this.jsxStep();
  }

  /** The text ended inside an expression: MDX tried it at every closing brace all the same. */
  endOfText(): void {
    if (this.outerExpression !== undefined) this.expressionEnded(this.text.length);
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
      this.tagStart(false);
    } else if (character === "[" || character === "]") {
      this.events.add(LINKS, character === "[" ? OPENS : CLOSES, index, 1);
      this.index++;
    } else if (character === "*" || character === "_" || character === "~") {
      this.delimiterRun(character);
    } else {
      this.index++;
    }
  }

  /** Inside a tag (MDX only): quoted values, expressions, and the `>` or `/>` that ends it. */
  private tagStep(top: Frame): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === '"' || character === "'") {
      const end = text.indexOf(character, index + 1);
      this.index = end === -1 ? text.length : end + 1;
    } else if (character === "{") {
      this.openExpression();
    } else if (character === "/" && text[index + 1] === ">") {
      this.stack.pop();
      this.index += 2;
    } else if (character === ">") {
      this.stack.pop();
      if (top.opens) {
        this.events.add(ELEMENTS, OPENS, top.start, 1);
        // An element written in an expression holds JSX text, up to its closing tag.
        if (top.inScript) this.stack.push(frame("jsx", index));
      }
      this.index++;
    } else {
      this.index++;
    }
  }

  /**
   * Inside an expression, read as JavaScript so that it ends where MDX's parser ends it:
   * strings, templates and comments are skipped, braces balance, and an element written in
   * it is read as one. Brackets and parentheses nest with the braces.
   */
  private expressionStep(top: Frame): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === '"' || character === "'") {
      this.index = skipString(text, index);
    } else if (character === "`") {
      this.index = skipTemplate(text, index);
    } else if (character === "/" && text[index + 1] === "/") {
      const end = text.indexOf("\n", index);
      this.index = end === -1 ? text.length : end;
    } else if (character === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      this.index = end === -1 ? text.length : end + 2;
    } else if (character === "{" || character === "[" || character === "(") {
      if (character === "{") top.depth++;
      this.events.add(EXPRESSIONS, OPENS, index, 1);
      this.index++;
    } else if (character === "}" || character === "]" || character === ")") {
      this.events.add(EXPRESSIONS, CLOSES, index, 1);
      this.index++;
      if (character === "}" && --top.depth === 0) {
        this.stack.pop();
        if (!this.stack.some((open) => open.mode === "expression")) this.expressionEnded(index);
      }
    } else if (character === "<" && startsElement(text, index)) {
      this.tagStart(true);
    } else if (character === "*" || character === "_" || character === "~") {
      // Not emphasis here; counted all the same, in case this scan and the parser part ways.
      this.delimiterRun(character);
    } else {
      this.index++;
    }
  }

  /** The children of an element written in an expression: text, expressions, elements. */
  private jsxStep(): void {
    const { text, index } = this;
    const character = text[index] as string;
    if (character === "{") {
      this.openExpression();
    } else if (character === "<" && text[index + 1] === "/") {
      // Its closing tag: back to the expression, once the tag is read.
      this.stack.pop();
      this.tagStart(true);
    } else if (character === "<") {
      this.tagStart(true);
    } else {
      this.index++;
    }
  }

  private openExpression(): void {
    if (this.outerExpression === undefined) this.outerExpression = this.index;
    this.events.add(EXPRESSIONS, OPENS, this.index, 1);
    const open = frame("expression", this.index);
    open.depth = 1;
    this.stack.push(open);
    this.index++;
  }

  /**
   * The outermost expression ended at `end`. MDX hands an expression to its JavaScript parser
   * at every closing brace until one parses, so it reads the text up to each of them.
   */
  private expressionEnded(end: number): void {
    const start = this.outerExpression as number;
    this.outerExpression = undefined;
    if (this.costlyExpression) return;
    let braces = 0;
    for (let brace = this.text.indexOf("}", start); brace !== -1 && brace <= end; ) {
      braces++;
      this.expressionReading += brace - start;
      brace = this.text.indexOf("}", brace + 1);
    }
    if (this.expressionReading > MAX_PAGE_EXPRESSION_READ_BYTES)
      this.costlyExpression = { start, length: end + 1 - start, braces };
  }

  /**
   * `<name`, `</name`, `<>` or `</>`. In MDX the tag is read to its end (a `/>` opens
   * nothing; attribute values may hold expressions). In Markdown, HTML is not read as tags (a
   * stray `a <b` is text there): an opening tag counts at once, as an HTML parser opens it
   * even when it ends in `/>`, and a comment is skipped whole.
   */
  private tagStart(inScript: boolean): void {
    const { text, index } = this;
    if (this.format === "md" && text.startsWith("<!--", index)) {
      const close = text.indexOf("-->", index + 4);
      this.index = close === -1 ? text.length : close + 3;
      return;
    }
    const closing = text[index + 1] === "/";
    const nameStart = index + (closing ? 2 : 1);
    const name = tagName(text, nameStart);
    if (name === undefined) {
      this.index++;
      return;
    }
    const lower = name.toLowerCase();
    if (this.format === "md") {
      // An HTML parser closes these by itself (a `<p>` ends the one before): they never pile up.
      if (name !== "" && !VOID_ELEMENTS.has(lower) && !OPTIONAL_END.has(lower))
        this.events.add(ELEMENTS, closing ? CLOSES : OPENS, index, 1);
      this.index = nameStart + Math.max(name.length, 1);
      return;
    }
    if (closing) this.events.add(ELEMENTS, CLOSES, index, 1);
    const tag = frame("tag", index);
    tag.opens = !closing && !VOID_ELEMENTS.has(lower);
    tag.inScript = inScript;
    this.stack.push(tag);
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

function frame(mode: Mode, start: number): Frame {
  return { mode, start, opens: false, inScript: false, depth: 0 };
}

/** Code spans from `start` to the line's end: opening run's index → index after the closing run. */
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
    if (partner === -1) {
      run++;
      continue;
    }
    const opening = runs[run] as { at: number; length: number };
    const closing = runs[partner] as { at: number; length: number };
    spans.set(opening.at, closing.at + closing.length);
    run = partner + 1;
  }
  return spans;
}

/**
 * The element name at `index` (a letter first, as JSX and HTML allow, then letters, digits,
 * dots, colons and dashes), `""` for a fragment (`<>`), or undefined when no tag starts there.
 */
function tagName(text: string, index: number): string | undefined {
  if (text[index] === ">") return "";
  return /^[\p{L}$_][\p{L}\p{N}$_.:-]*/u.exec(text.slice(index, index + 64))?.[0];
}

/**
 * Whether `<` at `index` in JavaScript starts an element rather than comparing: a tag name
 * (or `>`) follows, and what comes before cannot end an operand (`a < b`, `x<y`).
 */
function startsElement(text: string, index: number): boolean {
  const closing = text[index + 1] === "/";
  if (tagName(text, index + (closing ? 2 : 1)) === undefined) return false;
  let before = index - 1;
  while (before >= 0 && /\s/.test(text[before] as string)) before--;
  return before < 0 || /[([{,;:=?&|!>+\-*%~^]/.test(text[before] as string) || closing;
}

/** Past a JavaScript string: it ends at its quote or, unterminated, at its line's end. */
function skipString(text: string, index: number): number {
  const quote = text[index];
  let position = index + 1;
  while (position < text.length) {
    const character = text[position];
    if (character === "\\") position += 2;
    else if (character === quote) return position + 1;
    else if (character === "\n") return position;
    else position++;
  }
  return text.length;
}

/** Past a template literal; its substitutions are read as part of it. */
function skipTemplate(text: string, index: number): number {
  let position = index + 1;
  while (position < text.length) {
    const character = text[position];
    if (character === "\\") position += 2;
    else if (character === "`") return position + 1;
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

  /** Where each opener is, in text order. */
  openerOffsets(): Uint32Array {
    let openers = 0;
    for (let event = 0; event < this.count; event++) if (this.role(event) & OPENS) openers++;
    const offsets = new Uint32Array(openers);
    let next = 0;
    for (let event = 0; event < this.count; event++)
      if (this.role(event) & OPENS) offsets[next++] = this.offset(event);
    // A tag's opener is added where the tag ends, at the offset where it starts.
    return offsets.sort();
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
