/** A JSON object (or any non-null object that is not an array): what a parsed answer's fields live in. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
