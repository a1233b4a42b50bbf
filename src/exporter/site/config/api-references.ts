import type { ApiReference } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";

/**
 * A navigation entry naming an API endpoint instead of a page: `GET /users`,
 * `openapi.json POST /users`, `WEBHOOK /order-created`.
 */
const ENDPOINT_ENTRY =
  /^(?:\S+\.(?:json|ya?ml)\s+)?(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i;

export function isEndpointEntry(entry: string): boolean {
  return ENDPOINT_ENTRY.test(entry.trim());
}

/**
 * The specification an `openapi`/`asyncapi` setting names: a path or URL, a list of them,
 * or `{ source, directory }`. Only the first source is kept: it is what the warning names.
 */
export function readApiSource(
  value: unknown,
  path: string,
  check: ConfigChecker,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const sources = value.map((item, index) =>
      check.string(item, `${path}[${index}]`, "a specification file or URL (a string)"),
    );
    return sources.find((source) => source !== undefined);
  }
  const object = check.object(
    value,
    path,
    "a specification file or URL, a list of them, or { source, directory }",
  );
  return object ? check.string(object.source, `${path}.source`) : undefined;
}

/**
 * Notes the API reference pages a navigation entry asks for, with one warning for the whole
 * entry (a group listing twenty endpoints gets one line, not twenty): generating pages from
 * OpenAPI files is not part of the export yet.
 */
export function noteApiReference(
  object: Record<string, unknown>,
  endpoints: string[],
  path: string,
  check: ConfigChecker,
): ApiReference | undefined {
  const key = object.openapi !== undefined ? "openapi" : "asyncapi";
  const source = readApiSource(object[key], `${path}.${key}`, check);
  if (source === undefined && endpoints.length === 0) return undefined;
  const from = source !== undefined ? ` from "${source}"` : "";
  const count = endpoints.length;
  const what =
    count === 0
      ? `the pages generated${from} are`
      : `${count === 1 ? "the endpoint" : `${count} endpoints`}${from} (${preview(endpoints)}) ${count === 1 ? "is" : "are"}`;
  check.warn(path, `API reference pages are not exported yet, so ${what} left out`);
  return source !== undefined ? { source, endpoints } : { endpoints };
}

function preview(endpoints: string[]): string {
  const shown = endpoints
    .slice(0, 3)
    .map((endpoint) => `"${endpoint}"`)
    .join(", ");
  return endpoints.length > 3 ? `${shown}, …` : shown;
}
