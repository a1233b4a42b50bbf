/**
 * A URL-encoded form body as its fields: every value a string, a field sent twice keeps its
 * last value, and the object has no prototype, so a field named `__proto__` or `constructor`
 * is data like any other.
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) fields[name] = value;
  return fields;
}
