import type { Element, ElementContent, Root } from "hast";

/**
 * Content the layout places outside the page's main column. Components mark it:
 * - `data-side-column`: request and response examples (an API reference's, or
 *   `<RequestExample>`/`<ResponseExample>`) and `<Panel>` content. The layout shows them beside
 *   the content on wide screens and after the page header on narrow ones (one column).
 * - `data-page-lead`: an API page's endpoint bar (method, URL, "Try it"), which belongs right
 *   under the title, before the examples, whatever the width.
 */

/** The hast property of an element that belongs in the side column. */
export const SIDE_COLUMN_PROPERTY = "dataSideColumn";
/** The hast property of an element that goes right under the page header. */
export const PAGE_LEAD_PROPERTY = "dataPageLead";

/**
 * Takes the elements marked with `property` out of the tree, in reading order, and returns
 * them. A marked element inside another marked one moves with its parent.
 */
export function takeMarked(root: Root, property: string): ElementContent[] {
  const taken: ElementContent[] = [];
  type Child = ElementContent | Root["children"][number];
  const visit = (parent: { children: Child[] }): void => {
    const children = parent.children;
    // A new list only for a parent that loses a child: most pages have nothing marked.
    let kept: Child[] | undefined;
    for (let index = 0; index < children.length; index++) {
      const child = children[index] as Child;
      if (child.type === "element" && isMarked(child, property)) {
        taken.push(child);
        kept ??= children.slice(0, index);
        continue;
      }
      if (child.type === "element") visit(child);
      kept?.push(child);
    }
    if (kept) parent.children = kept;
  };
  visit(root);
  return taken;
}

function isMarked(element: Element, property: string): boolean {
  return element.properties[property] !== undefined;
}
