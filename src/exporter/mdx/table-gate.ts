import type { Code, Construct, State, TokenizeContext } from "micromark-util-types";

/**
 * GFM's table, tried only at the lines where one can start. micromark tries the table at the
 * start of every line of a page that holds a table anywhere, and its head row reads the whole
 * line, cell by cell, before the next line tells it there is no delimiter row: every line of
 * prose was tokenized twice (docs/decisions.md, "A twentieth pass"). A table starts only on
 * a line followed by its delimiter row, which holds a `|` or, for one column without pipes,
 * an alignment colon (`:-`, `-:`); a body row, which needs no pipe, follows a row of a table,
 * where the gate lets the table go on. The tree is the one the table tried everywhere gives.
 */

/** For the text being parsed: by line number, whether the next line may be a delimiter row. */
let delimiterMayFollow: Uint8Array | undefined;

/**
 * Runs `parse` with the table tried only where `text` allows one; tried everywhere if `text`
 * is undefined (a syntax without the table, or a caller that does not say).
 */
export function withTableLines<T>(text: string | undefined, parse: () => T): T {
  const previous = delimiterMayFollow;
  delimiterMayFollow = text === undefined ? undefined : linesBeforeDelimiterRows(text);
  try {
    return parse();
  } finally {
    delimiterMayFollow = previous;
  }
}

/**
 * Whether `text` may hold a table's delimiter row: a `|` or, for one column without pipes, an
 * alignment colon. A text without one holds no table at all.
 */
export function mayHoldDelimiterRow(text: string): boolean {
  return text.includes("|") || text.includes(":-") || text.includes("-:");
}

/** micromark's line numbers (from 1) at which a delimiter row may follow. */
function linesBeforeDelimiterRows(text: string): Uint8Array {
  const lines = text.split(/\r\n|\r|\n/);
  const mayFollow = new Uint8Array(lines.length + 1);
  for (let index = 1; index < lines.length; index++) {
    // Line `index + 1` (counted from 1) follows line `index`.
    if (mayHoldDelimiterRow(lines[index] as string)) mayFollow[index] = 1;
  }
  return mayFollow;
}

/** The table construct, tried at a line only where its delimiter row may follow. */
export function gatedTable(table: Construct): Construct {
  const tokenizeTable = table.tokenize;
  return {
    ...table,
    tokenize(this: TokenizeContext, effects, ok, nok) {
      const context = this;
      const start = tokenizeTable.call(context, effects, ok, nok);
      return function gate(code: Code): State | undefined {
        const lines = delimiterMayFollow;
        if (lines && lines[context.now().line] !== 1 && !afterTableRow(context)) return nok(code);
        return start(code);
      };
    },
  };
}

/** Whether the last thing before this line is a table's row, as the table's own start reads it. */
function afterTableRow(context: TokenizeContext): boolean {
  const { events } = context;
  let index = events.length - 1;
  while (index > -1) {
    const type = (events[index] as (typeof events)[number])[1].type;
    if (type !== "lineEnding" && type !== "linePrefix") break;
    index--;
  }
  // The table's own token types, which micromark's types know only where its package is imported.
  const tail: string | undefined =
    index > -1 ? (events[index] as (typeof events)[number])[1].type : undefined;
  return tail === "tableHead" || tail === "tableRow";
}
