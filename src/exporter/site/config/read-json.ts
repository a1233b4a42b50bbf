import { MAX_CONFIG_JSON_DEPTH } from "../../limits.ts";
import type { Problem } from "../../problems.ts";
import { dropPrototypeKeys } from "../../safety/plain-data.ts";

/**
 * Parses JSON text; a syntax error becomes a problem naming the file, line and column, and
 * so does nesting deeper than the limit (JSON.parse copes with any depth; the walks of the
 * configuration after it recurse). A `"__proto__"` key is dropped (with a warning): copied
 * into an object by assignment it would become that object's prototype, and its settings
 * would apply where nobody wrote them.
 */
export function parseJsonFile(
  file: string,
  text: string,
): { value?: unknown; problem?: Problem; warnings: Problem[] } {
  try {
    const value: unknown = JSON.parse(text);
    const deep = deepNestingOffset(text, MAX_CONFIG_JSON_DEPTH);
    if (deep !== undefined)
      return {
        warnings: [],
        problem: {
          severity: "error",
          rule: "config-depth",
          file,
          ...lineAndColumn(text, deep),
          message: `${file} nests arrays and objects deeper than ${MAX_CONFIG_JSON_DEPTH} levels`,
        },
      };
    const dropped = dropPrototypeKeys(value);
    const warnings: Problem[] =
      dropped === 0
        ? []
        : [
            {
              severity: "warning",
              rule: "config",
              file,
              message: `${file}: the key "__proto__" is not a setting and is ignored`,
            },
          ];
    return { value, warnings };
  } catch (error) {
    const { line, column } = lineAndColumn(text, firstErrorOffset(text));
    const reason = (error as Error).message
      .replace(/\s*\(line \d+ column \d+\)/, "")
      .replace(/ in JSON at position \d+/, "")
      .replace(/, "[\s\S]*" is not valid JSON$/, "")
      .replace(/\s+/g, " ");
    return {
      warnings: [],
      problem: {
        severity: "error",
        rule: "config-json",
        file,
        line,
        column,
        message: `${file} is not valid JSON: ${reason}`,
      },
    };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Where valid JSON text first opens an array or object deeper than `limit`, if it does. */
function deepNestingOffset(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '"') {
      // Past the string: its brackets are text.
      for (index++; index < text.length && text[index] !== '"'; index++)
        if (text[index] === "\\") index++;
    } else if (character === "[" || character === "{") {
      if (++depth > limit) return index;
    } else if (character === "]" || character === "}") depth--;
  }
  return undefined;
}

/**
 * Where JSON text first goes wrong. V8's messages do not always carry a position, so a
 * small scanner walks the grammar and stops at the first character that cannot fit.
 */
export function firstErrorOffset(text: string): number {
  let index = 0;
  const space = (): void => {
    while (index < text.length && /\s/.test(text[index] as string)) index++;
  };
  const fail = (): never => {
    throw index;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, index)) index += word.length;
    else fail();
  };
  const string = (): void => {
    index++;
    while (index < text.length && text[index] !== '"') {
      if (text[index] === "\\") index++;
      else if ((text.charCodeAt(index) ?? 0) < 0x20) fail();
      index++;
    }
    if (text[index] !== '"') fail();
    index++;
  };
  const value = (): void => {
    space();
    const character = text[index];
    if (character === "{") {
      index++;
      space();
      if (text[index] === "}") return void index++;
      for (;;) {
        space();
        if (text[index] !== '"') fail();
        string();
        space();
        if (text[index] !== ":") fail();
        index++;
        value();
        space();
        if (text[index] === ",") index++;
        else if (text[index] === "}") return void index++;
        else fail();
      }
    } else if (character === "[") {
      index++;
      space();
      if (text[index] === "]") return void index++;
      for (;;) {
        value();
        space();
        if (text[index] === ",") index++;
        else if (text[index] === "]") return void index++;
        else fail();
      }
    } else if (character === '"') string();
    else if (character === "t") literal("true");
    else if (character === "f") literal("false");
    else if (character === "n") literal("null");
    else {
      const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 64));
      if (!match) fail();
      index += (match as RegExpExecArray)[0].length;
    }
  };
  try {
    value();
    space();
    return index < text.length ? index : text.length;
  } catch (offset) {
    return typeof offset === "number" ? offset : text.length;
  }
}
