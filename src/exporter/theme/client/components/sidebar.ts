/**
 * A large sidebar arrives in two parts: the page's own branch in its HTML, and every other
 * group's entries in a shared script (`_quire/sidebar.<hash>.js`, loaded just before this one),
 * whose links are relative to the bundle root. The empty groups, and the runs of a long list
 * the page left out, are filled from it, then the current page is kept in view.
 */
export function setup(root: Document): void {
  const sidebar = root.querySelector<HTMLElement>(".sidebar");
  if (!sidebar) return;
  const lists = (window as unknown as { quireSidebarGroups?: unknown }).quireSidebarGroups;
  if (Array.isArray(lists)) fillSidebar(sidebar, lists, root.documentElement.dataset.root ?? "");
  keepCurrentInView(sidebar);
}

/** Pattern of a group left empty by the page, and of a link relative to the bundle root. */
const EMPTY_GROUP = /<ul([^>]*) data-sidebar-group="(\d+)"><\/ul>/g;
const ROOT_LINK = /href="(?![a-z][a-z0-9+.-]*:|\/\/|#|\/)/gi;

/**
 * `lists` holds each group's entries by group id (then the top level's), as one string, or
 * entry by entry for a long list.
 */
function fillSidebar(sidebar: HTMLElement, lists: unknown[], rootPrefix: string): void {
  const entries = (id: number, from = 0, to = Number.POSITIVE_INFINITY): string => {
    const content = lists[id];
    if (Array.isArray(content)) return content.slice(from, to).join("");
    return typeof content === "string" ? content : "";
  };
  // Nested groups are filled in the string, so each list is parsed once.
  const expand = (html: string, depth: number): string =>
    depth > 64
      ? html
      : html.replace(
          EMPTY_GROUP,
          (_match, attributes: string, inner: string) =>
            `<ul${attributes}>${expand(entries(Number(inner)), depth + 1)}</ul>`,
        );
  const prefix = `href="${rootPrefix.replace(/[^./]/g, "")}`;
  const fromRoot = (html: string): string => expand(html, 0).replace(ROOT_LINK, prefix);
  for (const run of sidebar.querySelectorAll<HTMLElement>("[data-sidebar-entries]")) {
    const [id, from, to] = (run.dataset.sidebarEntries ?? "").split(":").map(Number);
    if (id === undefined || from === undefined || to === undefined) continue;
    run.insertAdjacentHTML("beforebegin", fromRoot(entries(id, from, to)));
    run.remove();
  }
  for (const list of sidebar.querySelectorAll<HTMLElement>("[data-sidebar-group]")) {
    const id = Number(list.dataset.sidebarGroup);
    list.removeAttribute("data-sidebar-group");
    list.innerHTML = fromRoot(entries(id));
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
