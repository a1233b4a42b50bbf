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
}
