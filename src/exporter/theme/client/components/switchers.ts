/** Version, language and section switchers (<details>) close on Escape and on a click elsewhere. */
export function setup(root: Document): void {
  const switchers = [...root.querySelectorAll<HTMLDetailsElement>("details.switcher")];
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
