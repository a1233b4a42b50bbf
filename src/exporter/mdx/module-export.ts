/**
 * A prop that names a component or value exported by a repository module instead of giving
 * a literal (`<Playground CodeBlock={MyCodeBlock} items={features} />`): the expansion writes
 * the prop's value as `{ [MODULE_EXPORT]: [file, exportName] }`, and the repository components'
 * renderer replaces it by that export where the component runs, in the sandbox and in the
 * browser.
 */
export const MODULE_EXPORT = "__quireModuleExport";

/** The module export a prop value names, if it is such a reference. */
export function moduleExportOf(value: unknown): [file: string, exportName: string] | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const reference = (value as Record<string, unknown>)[MODULE_EXPORT];
  return Array.isArray(reference) &&
    reference.length === 2 &&
    typeof reference[0] === "string" &&
    typeof reference[1] === "string"
    ? [reference[0], reference[1]]
    : undefined;
}
