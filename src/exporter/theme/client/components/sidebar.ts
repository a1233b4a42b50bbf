/**
 * A large sidebar arrives in two parts: the page's own branch in its HTML, and every other
 * group's entries in a shared script (`_quire/sidebar.<hash>.js`, loaded just before this one),
 * whose links are relative to the bundle root. The empty groups are filled from it, then the
 * current page is kept in view.
 */
export function setup(root: Document): void {
  const sidebar = root.querySelector<HTMLElement>(".sidebar");
  if (!sidebar) return;
  const groups = (window as unknown as { quireSidebarGroups?: unknown }).quireSidebarGroups;
  if (Array.isArray(groups)) fillGroups(sidebar, groups, root.documentElement.dataset.root ?? "");
  keepCurrentInView(sidebar);
}

/** Pattern of a group left empty by the page, and of a link relative to the bundle root. */
const EMPTY_GROUP = /<ul([^>]*) data-sidebar-group="(\d+)"><\/ul>/g;
const ROOT_LINK = /href="(?![a-z][a-z0-9+.-]*:|\/\/|#|\/)/gi;

function fillGroups(sidebar: HTMLElement, groups: unknown[], rootPrefix: string): void {
  // Nested groups are filled in the string, so each list is parsed once.
  const expand = (id: number, depth: number): string => {
    const content = groups[id];
    if (typeof content !== "string" || depth > 64) return "";
    return content.replace(
      EMPTY_GROUP,
      (_match, attributes: string, inner: string) =>
        `<ul${attributes}>${expand(Number(inner), depth + 1)}</ul>`,
    );
  };
  const prefix = `href="${rootPrefix.replace(/[^./]/g, "")}`;
  for (const list of sidebar.querySelectorAll<HTMLElement>("[data-sidebar-group]")) {
    const id = Number(list.dataset.sidebarGroup);
    list.removeAttribute("data-sidebar-group");
    list.innerHTML = expand(id, 0).replace(ROOT_LINK, prefix);
  }
}

/**
 * Keep the current page in view in a long sidebar. Only the sidebar scrolls: scrollIntoView
 * would scroll the window too and hide the top of the page under the top bar.
 */
function keepCurrentInView(sidebar: HTMLElement): void {
  const current = sidebar.querySelector<HTMLElement>("[aria-current='page']");
  if (!current) return;
  const offset = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
  if (offset > sidebar.clientHeight - 48) sidebar.scrollTop += offset - sidebar.clientHeight / 2;
}
