/** The element a `#fragment` names, decoded as the browser decodes it; null when none does. */
export function elementOfFragment(root: Document, hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw fragment
  }
  return id ? root.getElementById(id) : null;
}
