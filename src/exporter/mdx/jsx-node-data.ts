import type { Props } from "../components/types.ts";

/**
 * Data Quire attaches to JSX nodes while expanding (`expand.ts`), read when converting to HTML,
 * when checking nesting, when writing the page's Markdown and by the repository components'
 * renderer (`custom/`).
 */
export interface JsxNodeData {
  /** Props evaluated to literals in the scope where the element was written. */
  quireProps?: Props;
  /**
   * The element names a repository component (`export const X = () => ...`, `.jsx`/`.tsx`):
   * never run in Quire's process, only compiled and rendered in the sandbox (`custom/`).
   * `file` and `exportName` say where it is defined, when the file could be resolved.
   */
  quireUnsupported?: { specifier: string; file?: string; exportName?: string };
  /** The file the node came from, when it was inlined from a snippet. */
  sourceFile?: string;
  /**
   * The expansion replaced or left out some of the node's children (a snippet inlined, an
   * expression's value put in, an element dropped): its source text no longer says what it holds.
   */
  quireRewritten?: true;
  /**
   * An MDX expression that computes content (`{items.map(...)}`, a ternary, a string method):
   * evaluated in the sandbox as part of its file's module (`custom/`), never in Quire's process.
   */
  quireExpression?: ExpressionData;
  /** The text an evaluated expression rendered, for the page's Markdown. */
  quireRenderedText?: string;
  /**
   * Props of a repository component that compute their value (`rows={methods()}`): evaluated
   * in the sandbox with the file's expressions, where the component runs.
   */
  quireComputedProps?: ComputedProp[];
}

/** A repository component's prop whose value is computed: its code, where it is written, its scope. */
export interface ComputedProp {
  file: string;
  exportName: string;
  code: string;
  line: number;
  column: number;
  scope: Props;
}

/** Where a computed expression is evaluated, and the literal values it reads from its scope. */
export interface ExpressionData {
  /** The file whose module the expression belongs to (a snippet's own, when inlined). */
  file: string;
  /** The name it is exported under in the file's expression module: one per place in the file. */
  exportName: string;
  /** Props of the snippet and literal `export const` values the expression names. */
  scope: Props;
  /** Why it is not a literal, for the warning when it cannot be evaluated at all. */
  reason: string;
}

/** The export of the expression at a line and column of its file. */
export function expressionExportName(line: number, column: number): string {
  return `__quireExpression_${line}_${column}`;
}

/** The export of the computed prop at a line and column of its file. */
export function computedPropExportName(line: number, column: number): string {
  return `__quireProp_${line}_${column}`;
}
