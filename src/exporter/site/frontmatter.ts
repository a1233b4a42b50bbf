import { load as loadLenientYaml } from "js-yaml";
import { parse as parseYaml } from "yaml";
import { dropPrototypeKeys } from "../safety/plain-data.ts";

/*
 * A page's frontmatter, the YAML block at its top. The page index reads it alone, cheaply, for
 * every page (titles, navigation, API pages) before any page is parsed; the MDX parser reads
 * it again, strictly, with the page.
 */

/**
 * YAML 1.2 as the `yaml` package reads it; where it refuses, what js-yaml (the reader of
 * Mintlify's own toolchain) accepts, such as a quoted title continued on an unindented line.
 * The strict reader's error is the one reported when both refuse.
 */
export function parseFrontmatterYaml(text: string): unknown {
  const simple = readSimpleMapping(text);
  if (simple) return simple;
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    try {
      value = loadLenientYaml(text);
    } catch {
      throw error;
    }
  }
  dropPrototypeKeys(value);
  return value;
}

/** `key: value` on every line, the key a word, the value a plain text that YAML reads as a string. */
const SIMPLE_LINE =
  /^([A-Za-z][A-Za-z0-9_-]*): (\p{L}(?:[\p{L}\p{N} ,.'()/!?&-]*[\p{L}\p{N}.'()!?])?)$/u;
/** Plain values YAML 1.2 reads as null or a boolean rather than as text. */
const NOT_TEXT = new Set(["null", "true", "false"]);

/**
 * The mapping of a frontmatter made only of lines `key: value` whose values start with a letter
 * and hold no character YAML gives a meaning to there (no `:`, `#`, `"`, brackets, braces or
 * tabs): what `yaml` reads from it, every value a string, without its parser (most pages' whole
 * frontmatter is a title and a description, and the parser cost a render thread ~2 % of its
 * time). Undefined for anything else, and for a repeated key (an error for `yaml`).
 */
function readSimpleMapping(text: string): Record<string, string> | undefined {
  const mapping: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = SIMPLE_LINE.exec(line);
    if (!match) return undefined;
    const [, key = "", value = ""] = match;
    if (Object.hasOwn(mapping, key) || NOT_TEXT.has(key.toLowerCase())) return undefined;
    if (NOT_TEXT.has(value.toLowerCase())) return undefined;
    mapping[key] = value;
  }
  return text === "" ? undefined : mapping;
}

/** Reads only the frontmatter of a source, cheaply, without parsing the body. */
export function readFrontmatterOnly(text: string): Record<string, unknown> {
  const match = /^(?:\uFEFF)?---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  if (!match) return {};
  // Read from a copy of the block: V8 keeps a substring as a view of the whole text, and the
  // site index holds every page's values for the whole export (CrewAI's 24,667 pages kept
  // 250 MB of page sources alive through their titles and descriptions).
  const block = Buffer.from(match[1] ?? "", "utf8").toString("utf8");
  try {
    const value = parseFrontmatterYaml(block);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // The full parse reports frontmatter errors with their line; here a bad block reads as empty.
    return {};
  }
}
