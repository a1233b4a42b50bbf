/** The light/dark switch: remembered in localStorage, applied before paint by the head script. */
export function setup(root: Document): void {
  const html = root.documentElement;
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]")) {
    const sync = (): void =>
      button.setAttribute("aria-pressed", String(html.dataset.theme === "dark"));
    sync();
    button.addEventListener("click", () => {
      const next = html.dataset.theme === "dark" ? "light" : "dark";
      html.dataset.theme = next;
      try {
        localStorage.setItem("quire-theme", next);
      } catch {
        // Storage can be unavailable (private mode, file:// in some browsers): the switch still works for this page.
      }
      sync();
      root.dispatchEvent(new CustomEvent("quire:theme", { detail: next }));
    });
  }
}
