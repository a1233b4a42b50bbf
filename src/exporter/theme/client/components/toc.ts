/** "On this page" follows the scroll: the heading nearest the top is marked active. */
export function setup(root: Document): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>(".toc a[href^='#']")];
  if (links.length === 0) return;
  const targets = links
    .map((link) => ({ link, heading: root.getElementById(decodeURIComponent(link.hash.slice(1))) }))
    .filter(
      (item): item is { link: HTMLAnchorElement; heading: HTMLElement } => item.heading !== null,
    );
  let frame = 0;
  const update = (): void => {
    frame = 0;
    const offset = 120;
    let current = targets[0];
    for (const target of targets) {
      if (target.heading.getBoundingClientRect().top - offset <= 0) current = target;
      else break;
    }
    const atBottom = window.innerHeight + window.scrollY >= root.documentElement.scrollHeight - 2;
    if (atBottom) current = targets[targets.length - 1];
    for (const target of targets) {
      target.link.classList.toggle("active", target === current);
      // Mintlify's hook for custom CSS: `toc-item[data-active]`.
      target.link.parentElement?.toggleAttribute("data-active", target === current);
    }
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}
