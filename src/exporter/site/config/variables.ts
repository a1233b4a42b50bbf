import type { ConfigChecker } from "./checker.ts";

/** docs.json `variables`: text put in place of `{{name}}` in pages and snippets. */
export type Variables = Readonly<Record<string, string>>;

/** A variable's name: letters, digits, hyphens and underscores (`version`, `api-url`). */
export const VARIABLE_NAME = /^[A-Za-z0-9][\w-]*$/;

/**
 * Reads docs.json `variables`: an object of names to text (numbers are taken as text). A name
 * that could never be written as `{{name}}` is reported and left out; a value that is not text
 * is an error, as for every other setting.
 */
export function readVariables(value: unknown, check: ConfigChecker): Variables | undefined {
  const object = check.object(value, "variables", "an object of names to text");
  if (!object) return undefined;
  const variables: Record<string, string> = {};
  for (const [name, raw] of Object.entries(object)) {
    const path = `variables.${name}`;
    const text = check.string(raw, path, "text to put in place of {{name}}");
    if (text === undefined) continue;
    if (!VARIABLE_NAME.test(name)) {
      check.warn(
        path,
        "a variable's name holds only letters, digits, hyphens and underscores; it is left out",
      );
      continue;
    }
    variables[name] = text;
  }
  return Object.keys(variables).length > 0 ? variables : undefined;
}
