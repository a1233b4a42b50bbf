/** Lines shown above and below the line of a problem. */
const CONTEXT_LINES = 2;

/**
 * The lines of a source around a problem, numbered, with a caret under its column: what the
 * terminal and the page's overlay show under the message. Empty when the line is not in the text.
 */
export function codeFrame(text: string, line: number, column?: number): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return "";
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, line + CONTEXT_LINES);
  const width = String(last).length;
  const frame: string[] = [];
  for (let number = first; number <= last; number++) {
    const marker = number === line ? ">" : " ";
    frame.push(`${marker} ${String(number).padStart(width)} | ${lines[number - 1] ?? ""}`);
    if (number === line && column !== undefined && column > 0)
      frame.push(`  ${" ".repeat(width)} | ${" ".repeat(column - 1)}^`);
  }
  return frame.join("\n");
}
