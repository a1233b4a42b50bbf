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
  const visit = (parent: { children: (ElementContent | Root["children"][number])[] }): void => {
    parent.children = parent.children.filter((child) => {
      if (child.type !== "element") return true;
      if (isMarked(child, property)) {
        taken.push(child);
        return false;
      }
      visit(child);
      return true;
    });
  };
  visit(root);
  return taken;
}

function isMarked(element: Element, property: string): boolean {
  return element.properties[property] !== undefined;
}
