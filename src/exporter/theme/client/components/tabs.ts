import { elementOfFragment } from "../fragment.ts";

/** Where a remembered choice is kept: localStorage, under this prefix and the set's name. */
const REMEMBERED = "quire-tabs:";

/**
 * Tab sets (<Tabs>, <CodeGroup>, <View>, API examples): click, arrow keys, Home/End, and a
 * dropdown form. Choosing a tab selects the tab of the same title in every set on the page,
 * except in sets marked `data-tabs-sync="false"` (`<Tabs sync={false}>`). A set marked
 * `data-tabs-remember="NAME"` (the language of request examples) keeps the reader's choice in
 * localStorage and opens on it on the next page; without storage it simply forgets.
 */
export function setup(root: Document): void {
  const sets = [...root.querySelectorAll<HTMLElement>("[data-tabs]")];
  if (sets.length === 0) return;
  const select = (set: HTMLElement, index: number, focus: boolean): void => {
    const tabs = [...set.querySelectorAll<HTMLElement>(":scope > .tab-list > [role='tab']")];
    const panels = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")];
    tabs.forEach((tab, tabIndex) => {
      tab.setAttribute("aria-selected", String(tabIndex === index));
      tab.tabIndex = tabIndex === index ? 0 : -1;
    });
    for (const [panelIndex, panel] of panels.entries())
      panel.classList.toggle("active", panelIndex === index);
    const dropdown = set.querySelector<HTMLSelectElement>(":scope > .tab-select");
    if (dropdown) dropdown.value = String(index);
    if (focus) tabs[index]?.focus();
  };
  const syncs = (set: HTMLElement): boolean => set.dataset.tabsSync !== "false";
  /** Selects a tab as the reader chose it, and the same title in the other synced sets. */
  const choose = (set: HTMLElement, index: number, focus: boolean): void => {
    select(set, index, focus);
    const title = set.querySelectorAll<HTMLElement>(":scope > .tab-panel")[index]?.dataset.tabTitle;
    if (title && syncs(set)) selectByTitle(title, set);
    if (title && set.dataset.tabsRemember) remember(set.dataset.tabsRemember, title);
  };
  const selectByTitle = (title: string, chosen: HTMLElement): void => {
    for (const set of sets) {
      if (set === chosen || !syncs(set)) continue;
      const panels = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")];
      const index = panels.findIndex((panel) => panel.dataset.tabTitle === title);
      if (index >= 0) select(set, index, false);
    }
  };
  for (const set of sets) {
    const name = set.dataset.tabsRemember;
    const remembered = name ? recall(name) : null;
    if (remembered) {
      const panels = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")];
      const index = panels.findIndex((panel) => panel.dataset.tabTitle === remembered);
      if (index >= 0) select(set, index, false);
    }
    const tabs = [...set.querySelectorAll<HTMLElement>(":scope > .tab-list > [role='tab']")];
    tabs.forEach((tab, index) => {
      tab.addEventListener("click", () => choose(set, index, false));
      tab.addEventListener("keydown", (event) => {
        const last = tabs.length - 1;
        const next =
          event.key === "ArrowRight"
            ? index === last
              ? 0
              : index + 1
            : event.key === "ArrowLeft"
              ? index === 0
                ? last
                : index - 1
              : event.key === "Home"
                ? 0
                : event.key === "End"
                  ? last
                  : -1;
        if (next < 0) return;
        event.preventDefault();
        choose(set, next, true);
      });
    });
    set
      .querySelector<HTMLSelectElement>(":scope > .tab-select")
      ?.addEventListener("change", (event) => {
        choose(set, Number((event.target as HTMLSelectElement).value), false);
      });
  }
  // A link to a tab (`#install`, the panel's id) selects it, as a reader's click would.
  const showLinkedTab = (): void => {
    const panel = linkedPanel(root);
    const set = panel?.parentElement;
    if (!panel || !set || !sets.includes(set)) return;
    const panels = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")];
    choose(set, panels.indexOf(panel), false);
    panel.scrollIntoView();
  };
  window.addEventListener("hashchange", showLinkedTab);
  showLinkedTab();
}

/** The tab panel the page's `#fragment` names, if it names one. */
function linkedPanel(root: Document): HTMLElement | undefined {
  const element = elementOfFragment(root, location.hash);
  return element?.classList.contains("tab-panel") ? element : undefined;
}

function recall(name: string): string | null {
  try {
    return localStorage.getItem(REMEMBERED + name);
  } catch {
    return null;
  }
}

function remember(name: string, title: string): void {
  try {
    localStorage.setItem(REMEMBERED + name, title);
  } catch {
    // Storage off or full: the choice lasts for this page only.
  }
}
