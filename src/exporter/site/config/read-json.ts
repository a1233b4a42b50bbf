import type { Problem } from "../../problems.ts";

/** Parses JSON text; a syntax error becomes a problem naming the file, line and column. */
export function parseJsonFile(file: string, text: string): { value?: unknown; problem?: Problem } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const { line, column } = locate(message, text);
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+/, "");
    return { problem: { severity: "error", rule: "config-json", file, line, column, message: `${file} is not valid JSON: ${reason}` } };
  }
}

function locate(message: string, text: string): { line: number; column: number } {
  const explicit = /\(line (\d+) column (\d+)\)/.exec(message);
  if (explicit) return { line: Number(explicit[1]), column: Number(explicit[2]) };
  const position = /at position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
