/**
 * The expressions of a TextMate grammar, and the sources vscode-textmate hands the scanner for
 * each: what tools/grammar-expressions.ts converts ahead of time. A source this gets wrong is
 * no error, only an expression converted at run time as before; the highlighter's tests check
 * that the expressions of real blocks are all found.
 */

/** Every `match`, `begin`, `end` and `while` expression anywhere in `grammar`, once each. */
export function grammarExpressions(grammar: object): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") {
        if (key === "match" || key === "begin" || key === "end" || key === "while")
          found.add(value);
      } else walk(value);
    }
  };
  walk(grammar);
  return found;
}

/** The character vscode-textmate puts in place of an anchor a position cannot match. */
const NEVER = "\uFFFF";

/**
 * The sources vscode-textmate makes of one expression (its `RegExpSource`): `\z` rewritten as
 * an end that no newline follows or precedes and, when it holds `\A` or `\G`, each of the four
 * versions with those anchors kept or made unmatchable, as the scanner's position allows them.
 */
export function scannerSources(expression: string): string[] {
  let source = "";
  let copiedTo = 0;
  let anchored = false;
  for (let index = 0; index < expression.length - 1; index++) {
    if (expression[index] !== "\\") continue;
    const next = expression[index + 1];
    if (next === "z") {
      source += `${expression.slice(copiedTo, index)}$(?!\\n)(?<!\\n)`;
      copiedTo = index + 2;
    } else if (next === "A" || next === "G") anchored = true;
    index++;
  }
  source += expression.slice(copiedTo);
  if (!anchored) return [source];
  const versions = new Set<string>();
  for (const keepA of [false, true])
    for (const keepG of [false, true]) versions.add(withAnchors(source, keepA, keepG));
  return [...versions];
}

function withAnchors(source: string, keepA: boolean, keepG: boolean): string {
  let result = "";
  for (let index = 0; index < source.length; index++) {
    const character = source[index] as string;
    result += character;
    if (character !== "\\" || index + 1 >= source.length) continue;
    const next = source[index + 1] as string;
    result += (next === "A" && !keepA) || (next === "G" && !keepG) ? NEVER : next;
    index++;
  }
  return result;
}
