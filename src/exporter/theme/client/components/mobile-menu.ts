/** The mobile navigation: without scripts it opens through #sidebar (:target); with them, a class. */
export function setup(root: Document): void {
  const html = root.documentElement;
  const toggle = root.querySelector<HTMLAnchorElement>("[data-menu-toggle]");
  const close = root.querySelector<HTMLAnchorElement>("[data-menu-close]");
  const setOpen = (open: boolean): void => {
    html.classList.toggle("nav-open", open);
    toggle?.setAttribute("aria-expanded", String(open));
    if (open) root.querySelector<HTMLElement>("#sidebar a")?.focus();
    else toggle?.focus();
  };
  toggle?.addEventListener("click", (event) => {
    event.preventDefault();
    setOpen(!html.classList.contains("nav-open"));
  });
  close?.addEventListener("click", (event) => {
    event.preventDefault();
    setOpen(false);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && html.classList.contains("nav-open")) setOpen(false);
  });
}
