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

/** Reads only the frontmatter of a source, cheaply, without parsing the body. */
export function readFrontmatterOnly(text: string): Record<string, unknown> {
  const match = /^(?:\uFEFF)?---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  if (!match) return {};
  try {
    const value = parseFrontmatterYaml(match[1] ?? "");
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // The full parse reports frontmatter errors with their line; here a bad block reads as empty.
    return {};
  }
}
