import type { ApiReference } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";

/**
 * A navigation entry naming an API endpoint instead of a page: `GET /users`,
 * `openapi.json POST /users`, `WEBHOOK order-created`.
 */
const ENDPOINT_ENTRY =
  /^(?:\S+\.(?:json|ya?ml)\s+)?(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i;

export function isEndpointEntry(entry: string): boolean {
  return ENDPOINT_ENTRY.test(entry.trim());
}

/**
 * The specifications an `openapi` setting names: a path or URL, a list of them, or
 * `{ source, directory }` (the folder generated pages go under).
 */
export function readApiSources(
  value: unknown,
  path: string,
  check: ConfigChecker,
): ApiReference | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.trim() ? { sources: [value.trim()] } : undefined;
  if (Array.isArray(value)) {
    const sources = value
      .map((item, index) =>
        check.string(item, `${path}[${index}]`, "a specification file or URL (a string)"),
      )
      .filter((source): source is string => typeof source === "string" && source.trim() !== "");
    return sources.length > 0 ? { sources } : undefined;
  }
  const object = check.object(
    value,
    path,
    "a specification file or URL, a list of them, or { source, directory }",
  );
  if (!object) return undefined;
  const source = check.string(object.source, `${path}.source`);
  const directory = check.string(object.directory, `${path}.directory`);
  if (!source?.trim()) return undefined;
  return directory?.trim()
    ? { sources: [source.trim()], directory: directory.trim().replace(/^\/+|\/+$/g, "") }
    : { sources: [source.trim()] };
}

/**
 * The API reference settings of a navigation container: its `openapi` specifications (the
 * default for the endpoint entries inside it) and its `asyncapi` documents (a page per channel).
 */
export function readContainerApi(
  object: Record<string, unknown>,
  path: string,
  check: ConfigChecker,
): { openapi?: ApiReference; asyncapi?: ApiReference } {
  const openapi = readApiSources(object.openapi, `${path}.openapi`, check);
  const asyncapi = readApiSources(object.asyncapi, `${path}.asyncapi`, check);
  return { ...(openapi ? { openapi } : {}), ...(asyncapi ? { asyncapi } : {}) };
}
