/**
 * Tab sets (<Tabs>, <CodeGroup>, <View>, API examples): click, arrow keys, Home/End, and a
 * dropdown form. Choosing a tab selects the tab of the same title in every set on the page.
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
    panels.forEach((panel, panelIndex) => panel.classList.toggle("active", panelIndex === index));
    const dropdown = set.querySelector<HTMLSelectElement>(":scope > .tab-select");
    if (dropdown) dropdown.value = String(index);
    if (focus) tabs[index]?.focus();
  };
  const selectByTitle = (title: string): void => {
    for (const set of sets) {
      const panels = [...set.querySelectorAll<HTMLElement>(":scope > .tab-panel")];
      const index = panels.findIndex((panel) => panel.dataset.tabTitle === title);
      if (index >= 0) select(set, index, false);
    }
  };
  for (const set of sets) {
    const tabs = [...set.querySelectorAll<HTMLElement>(":scope > .tab-list > [role='tab']")];
    tabs.forEach((tab, index) => {
      tab.addEventListener("click", () => {
        select(set, index, false);
        if (tab.dataset.tabTitle) selectByTitle(tab.dataset.tabTitle);
      });
      tab.addEventListener("keydown", (event) => {
        const last = tabs.length - 1;
        const next = event.key === "ArrowRight" ? (index === last ? 0 : index + 1) : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1) : event.key === "Home" ? 0 : event.key === "End" ? last : -1;
        if (next < 0) return;
        event.preventDefault();
        select(set, next, true);
      });
    });
    set.querySelector<HTMLSelectElement>(":scope > .tab-select")?.addEventListener("change", (event) => {
      select(set, Number((event.target as HTMLSelectElement).value), false);
    });
  }
}
