const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((character, index) => [character, index]));

/**
 * The source line (1-based) of a position in compiled code, read from a source map's
 * `mappings` (version 3, one source): what a stack frame inside a component points at.
 */
export function originalLine(
  mappings: string,
  generatedLine: number,
  generatedColumn: number,
): number | undefined {
  let sourceLine = 0;
  let found: number | undefined;
  const lines = mappings.split(";");
  for (let line = 0; line < lines.length && line < generatedLine; line++) {
    let column = 0;
    for (const segment of (lines[line] as string).split(",")) {
      if (segment === "") continue;
      const values = decodeSegment(segment);
      column += values[0] ?? 0;
      if (values.length < 4) continue;
      sourceLine += values[2] ?? 0;
      // Only segments of the wanted line count, the last one at or before the column.
      if (line === generatedLine - 1 && (column <= generatedColumn || found === undefined))
        found = sourceLine + 1;
    }
  }
  return found;
}

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = DIGIT.get(character);
    if (digit === undefined) return values;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
