/** `// [!code ++]`, `# [!code focus]`, `<!-- [!code --] -->`, `[!code word:foo]` markers in a line. */
const NOTATION =
  /\s*(?:\/\/|#|--|<!--|\/\*|;|%)\s*\[!code\s+(\+\+|--|highlight|hl|focus|error|warning|word:[^\]]+)\]\s*(?:-->|\*\/)?\s*$/;

/** A block's code with its `[!code …]` markers taken out, and what they asked for. */
export interface CodeNotations {
  code: string;
  /** Line number → the kinds of mark on it (`++`, `focus`, …). */
  marks: Map<number, string[]>;
  /** Words to highlight wherever they occur. */
  words: string[];
}

/** Reads and removes the `[!code …]` markers of a block's lines. */
export function readNotations(source: string): CodeNotations {
  const marks = new Map<number, string[]>();
  const words: string[] = [];
  const cleaned = source.split("\n").map((line, index) => {
    const match = NOTATION.exec(line);
    if (!match) return line;
    const kind = match[1] as string;
    if (kind.startsWith("word:")) words.push(kind.slice(5));
    else marks.set(index + 1, [...(marks.get(index + 1) ?? []), kind]);
    return line.slice(0, match.index);
  });
  return { code: cleaned.join("\n"), marks, words };
}
