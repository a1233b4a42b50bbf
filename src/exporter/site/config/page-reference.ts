import path from "node:path/posix";
import { normalizePagePath } from "../paths.ts";

/**
 * A page path as written in the configuration (`/guides/intro.mdx`, `guides/intro`), in the
 * model's form (`guides/intro`). Undefined when it climbs above the repository root: links in
 * pages are clamped to the root, but in the configuration such a path is a mistake to report.
 */
export function configPagePath(reference: string): string | undefined {
  const cleaned = reference
    .trim()
    .replace(/\\/g, "/")
    .replace(/[?#].*$/, "")
    .replace(/^\/+/, "");
  const normalized = path.normalize(cleaned === "" ? "." : cleaned);
  if (normalized === ".." || normalized.startsWith("../")) return undefined;
  return normalizePagePath(reference);
}
