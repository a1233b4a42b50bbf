import { elementOfFragment } from "../fragment.ts";

/**
 * An API page shows a large schema's attributes once and, wherever the same schema appears
 * again, links to that field ("Show child attributes" as a link). Following the link opens
 * the field's attributes, which is what the reader asked to see, and the toggles around the
 * field, so the browser scrolls to something the reader can see.
 */
export function setup(root: Document): void {
  if (!root.querySelector(".field-shown-above")) return;
  // On click, before the browser follows the link.
  root.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.(".field-shown-above a");
    if (!(link instanceof HTMLAnchorElement)) return;
    const field = fieldOf(root, link.hash);
    if (!field) return;
    for (let node = field.parentElement; node; node = node.parentElement)
      if (node instanceof HTMLDetailsElement) node.open = true;
    const own = field.querySelector(":scope > .field-body > details.schema-children");
    if (own instanceof HTMLDetailsElement) own.open = true;
  });
}

/** The field a `#fragment` names, if it names one. */
function fieldOf(root: Document, hash: string): HTMLElement | undefined {
  const element = elementOfFragment(root, hash);
  return element?.classList.contains("field") ? element : undefined;
}
