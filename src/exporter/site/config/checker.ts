import type { Problem } from "../../problems.ts";
import { checkUrl, type UrlUse } from "../../safety/url-policy.ts";
import { closestKey } from "./known-keys.ts";
import type { ConfigSources } from "./sources.ts";

/**
 * Reads untrusted configuration values, collecting every problem with its key path instead of
 * stopping at the first: `docs.json: navigation.tabs[2].groups[0].pages[3]: expected a page
 * path (string) or a group object, got number 42`. Every reader returns undefined (or an empty
 * list) for a wrong value, so reading carries on and the next problem is found too.
 */
export class ConfigChecker {
  readonly problems: Problem[] = [];
  /** The configuration file being read: `docs.json` or `mint.json`. */
  readonly file: string;
  private readonly sources: ConfigSources | undefined;

  constructor(file: string, sources?: ConfigSources) {
    this.file = file;
    this.sources = sources;
  }

  /** A wrong or missing value: `expected` says what would be right. */
  error(path: string, expected: string, value: unknown): void {
    this.report("error", path, `expected ${expected}, got ${describeValue(value)}`);
  }

  /** A limit of the export passed at `path` (the message says which). */
  limit(path: string, message: string): void {
    this.report("error", path, message);
  }

  /** Something tolerated but worth fixing, or a feature the export leaves out. */
  warn(path: string, message: string): void {
    this.report("warning", path, message);
  }

  /** A required key that is absent: reported once, with what it should hold. */
  required(value: unknown, path: string, expected: string): boolean {
    if (value !== undefined && value !== null) return true;
    this.error(path, expected, value);
    return false;
  }

  object(
    value: unknown,
    path: string,
    expected = "an object",
  ): Record<string, unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    this.error(path, expected, value);
    return undefined;
  }

  array(value: unknown, path: string, expected = "an array"): unknown[] {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.error(path, expected, value);
    return [];
  }

  /** Text; numbers are accepted and turned into text, as YAML-minded authors write `"version": 2`. */
  string(value: unknown, path: string, expected = "a string"): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    this.error(path, expected, value);
    return undefined;
  }

  /**
   * A URL or path that ends up in the site (a link, or an image with `use` "image"): one the URL
   * rule refuses (`javascript:`…) is reported and left out, so reading carries on without it.
   */
  link(
    value: unknown,
    path: string,
    use: UrlUse = "link",
    expected = "a URL or path (a string)",
  ): string | undefined {
    const text = this.string(value, path, expected);
    if (text === undefined) return undefined;
    const verdict = checkUrl(text, use);
    if (verdict.ok) return text;
    this.warn(path, `${describeValue(text)} is left out: ${verdict.reason}`);
    return undefined;
  }

  boolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "boolean") return value;
    this.error(path, "true or false", value);
    return undefined;
  }

  oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string" && (allowed as readonly string[]).includes(value))
      return value as T;
    this.error(path, `one of ${allowed.map((item) => `"${item}"`).join(", ")}`, value);
    return undefined;
  }

  /**
   * Unknown keys are allowed (real files carry many settings Quire has no use for), but one
   * that is a near miss of a known key is probably a typo that silently drops content.
   */
  unknownKeys(object: Record<string, unknown>, path: string, known: ReadonlySet<string>): void {
    for (const key of Object.keys(object)) {
      if (known.has(key)) continue;
      const suggestion = closestKey(key, known);
      if (suggestion) this.warn(join(path, key), `unknown key; did you mean "${suggestion}"?`);
    }
  }

  private report(severity: Problem["severity"], path: string, text: string): void {
    if (this.sources?.isInsideFailedInclusion(path)) return;
    const place = this.sources?.locate(path);
    const file = place?.file ?? this.file;
    const shownPath = place ? place.path : path;
    const included =
      place?.includedAt !== undefined
        ? ` (included by ${this.file} at ${place.includedAt || "the top level"})`
        : "";
    const subject = shownPath === "" ? "" : `${shownPath}: `;
    this.problems.push({
      severity,
      rule: "config",
      file,
      ...(place?.line !== undefined ? { line: place.line, column: place.column } : {}),
      message: `${file}: ${subject}${text}${included}`,
    });
  }
}

/** `navigation` + `tabs` → `navigation.tabs`; the top level has the empty path. */
export function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** How a wrong value is shown: its type, and the value itself when short enough to help. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}
