import type { PropValue } from "../components/types.ts";

/**
 * A prop that names a component or value exported by a repository module instead of giving
 * a literal (`<Playground CodeBlock={MyCodeBlock} items={features} />`): the expansion writes
 * the prop's value as `{ [MODULE_EXPORT]: [file, exportName] }`, and the repository components'
 * renderer replaces it by that export where the component runs, in the sandbox and in the
 * browser.
 *
 * A prop that computes its value (`rows={methods()}`) names an export of the file's expression
 * module (`custom/expression-module.ts`) instead, a function of the literal values the code
 * reads from its scope, given under `COMPUTED_WITH`: the renderer calls it with them.
 */
export const MODULE_EXPORT = "__quireModuleExport";
export const COMPUTED_WITH = "__quireComputedWith";

export interface ModuleReference {
  file: string;
  exportName: string;
  /** Present when the export computes the prop: the scope it is called with. */
  scope?: Record<string, PropValue>;
}

/** The module export a prop value names, if it is such a reference. */
export function moduleExportOf(value: unknown): ModuleReference | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const reference = record[MODULE_EXPORT];
  if (
    !Array.isArray(reference) ||
    reference.length !== 2 ||
    typeof reference[0] !== "string" ||
    typeof reference[1] !== "string"
  )
    return undefined;
  const scope = record[COMPUTED_WITH];
  return {
    file: reference[0],
    exportName: reference[1],
    ...(scope && typeof scope === "object" && !Array.isArray(scope)
      ? { scope: scope as Record<string, PropValue> }
      : {}),
  };
}
