import type { SourceLimitHit, SourceLines } from "./source-lines.ts";

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
 * Block containers nested deeper than `limit`, found line by line as CommonMark opens and
 * continues them: a line continues the open list items it is indented into and the block
 * quotes whose `>` it repeats, then may open more (`- - > 1. text` opens four). Also marks the
 * lines of fenced code and frontmatter, which the inline scan does not read.
 */
export function scanBlocks(
  lines: SourceLines,
  format: "mdx" | "md",
  limit: number,
): { found?: SourceLimitHit; skipped: Uint8Array } {
  const { text } = lines;
  const skipped = new Uint8Array(lines.count);
  let first = 0;
  const frontmatter = /^(?:\uFEFF)?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (frontmatter) {
    while (first < lines.count && lines.start(first) < frontmatter[0].length) skipped[first++] = 1;
  }
  const open: Container[] = [];
  let fence: { marker: string; length: number; depth: number } | undefined;
  /** The previous line was paragraph text, which an unindented line may continue. */
  let paragraph = false;
  for (let line = first; line < lines.count; line++) {
    const end = lines.end(line);
    const cursor: Cursor = { index: lines.start(line), column: 0 };
    const blank = lines.isBlank(line);
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
        found: {
          rule: "nesting-limit",
          message: `${describeContainers(open.slice(0, limit + 1))} nested deeper than ${limit} levels`,
          line: line + 1,
          column: passing.index - lines.start(line) + 1,
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
