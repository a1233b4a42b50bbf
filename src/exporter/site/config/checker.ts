import type { Problem } from "../../problems.ts";

/**
 * Reads untrusted configuration values, collecting every problem with its key path instead of
 * stopping at the first: `navigation.tabs[2].groups[0].pages[3]: expected …, got number`.
 */
export class ConfigChecker {
  readonly problems: Problem[] = [];
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  error(path: string, expected: string, value: unknown): void {
    this.problems.push({ severity: "error", rule: "config", file: this.file, message: `${this.file}: ${path}: expected ${expected}, got ${describe(value)}` });
  }

  warn(path: string, message: string): void {
    this.problems.push({ severity: "warning", rule: "config", file: this.file, message: `${this.file}: ${path}: ${message}` });
  }

  object(value: unknown, path: string): Record<string, unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    this.error(path, "an object", value);
    return undefined;
  }

  array(value: unknown, path: string): unknown[] {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.error(path, "a list", value);
    return [];
  }

  string(value: unknown, path: string): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    this.error(path, "text", value);
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
    if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
    this.error(path, `one of ${allowed.map((item) => `"${item}"`).join(", ")}`, value);
    return undefined;
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}
