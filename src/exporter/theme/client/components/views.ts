import { elementOfFragment } from "../fragment.ts";
import { message } from "../messages.ts";

const STORAGE_KEY = "quire-view";

/**
 * <View> alternatives (one per language or framework). When a page has views with more
 * than one title, a "View" dropdown in the page header shows one alternative at a time, as
 * Mintlify's multi-view selector does; "On this page" lists only the shown view's headings,
 * a link to a heading inside another view switches to that view, and the choice is
 * remembered from page to page. Without JavaScript every view shows under its own title.
 */
export function setup(root: Document): void {
  const views = [...root.querySelectorAll<HTMLElement>(".tab-set.view")];
  const titleOf = (view: HTMLElement): string =>
    view.querySelector<HTMLElement>(":scope > .tab-panel")?.dataset.tabTitle ?? "";
  const titles = [...new Set(views.map(titleOf).filter((title) => title !== ""))];
  if (titles.length < 2) return;

  const select = root.createElement("select");
  select.id = "view-select";
  select.className = "view-select";
  for (const title of titles) select.add(new Option(title, title));
  const label = root.createElement("label");
  label.htmlFor = select.id;
  label.textContent = message("view");
  const switcher = root.createElement("div");
  switcher.className = "view-switcher";
  switcher.append(label, select);
  const header = root.querySelector(".page-header");
  if (header) header.append(switcher);
  else views[0]?.before(switcher);

  /** "On this page" entries whose heading sits inside a view, with that view's title. */
  const tocEntries = [...root.querySelectorAll<HTMLAnchorElement>(".toc a[href^='#']")].flatMap(
    (link) => {
      const view = viewAround(root, link.hash);
      const item = link.closest("li");
      return view && item ? [{ item, title: titleOf(view) }] : [];
    },
  );

  const show = (title: string, remember: boolean): void => {
    for (const view of views) {
      view.classList.add("view-switched");
      view.hidden = titleOf(view) !== title;
    }
    for (const entry of tocEntries) entry.item.hidden = entry.title !== title;
    select.value = title;
    if (remember) store(title);
  };
  const showTarget = (): boolean => {
    const view = location.hash ? viewAround(root, location.hash) : undefined;
    if (view) show(titleOf(view), false);
    return view !== undefined;
  };

  select.addEventListener("change", () => show(select.value, true));
  window.addEventListener("hashchange", () => {
    if (showTarget())
      root.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  });
  if (!showTarget()) {
    const remembered = stored();
    show(remembered && titles.includes(remembered) ? remembered : (titles[0] as string), false);
  }
}

/** The view holding the element a `#fragment` names, if any. */
function viewAround(root: Document, hash: string): HTMLElement | undefined {
  return elementOfFragment(root, hash)?.closest<HTMLElement>(".tab-set.view") ?? undefined;
}

// Storage can be switched off or full; the dropdown still works for this page then.
function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(title: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, title);
  } catch {
    // not remembered; nothing else depends on it
  }
}
