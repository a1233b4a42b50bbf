/**
 * Version, language and section switchers and the tab bar's menus (<details>) close on Escape
 * and on a click elsewhere; opening one closes the others.
 */
export function setup(root: Document): void {
  const switchers = [
    ...root.querySelectorAll<HTMLDetailsElement>("details.switcher, details[data-tab-menu]"),
  ];
  for (const switcher of switchers)
    switcher.addEventListener("toggle", () => {
      if (!switcher.open) return;
      for (const other of switchers) if (other !== switcher) other.open = false;
    });
  if (switchers.length === 0) return;
  root.addEventListener("click", (event) => {
    for (const switcher of switchers)
      if (switcher.open && !switcher.contains(event.target as Node)) switcher.open = false;
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const switcher of switchers) {
      if (switcher.open) {
        switcher.open = false;
        switcher.querySelector("summary")?.focus();
      }
    }
  });
}
