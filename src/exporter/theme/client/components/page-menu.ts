import { copyText, flash } from "../clipboard.ts";
import { message } from "../messages.ts";

/**
 * The page menu: its AI tools' links get the page's own address (on a served page: from
 * `file://` no AI tool could read it, so they stay hidden), its "copy" entries copy their text,
 * and the open list closes on a choice, a click elsewhere or Escape.
 */
export function setup(root: Document): void {
  const menus = root.querySelectorAll<HTMLElement>(".context-menu");
  if (menus.length === 0) return;
  const served = location.protocol === "http:" || location.protocol === "https:";
  for (const link of root.querySelectorAll<HTMLAnchorElement>("[data-ai-link]")) {
    if (!served) continue;
    const address = location.href.split("#")[0] ?? location.href;
    const question = (link.dataset.aiPrompt ?? "{url}").replace("{url}", address);
    link.href = `${link.dataset.aiLink}${encodeURIComponent(question)}`;
    link.hidden = false;
  }
  for (const menu of menus) {
    for (const link of menu.querySelectorAll<HTMLAnchorElement>("[data-copy-text]")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        void copyText(root, link.dataset.copyText ?? "").then((done) =>
          flash(link, done ? message("copied") : message("copyFailed")),
        );
      });
    }
    const details = menu.querySelector("details");
    if (!details) continue;
    for (const item of details.querySelectorAll("a"))
      item.addEventListener("click", () =>
        window.setTimeout(() => details.removeAttribute("open"), 1200),
      );
    root.addEventListener("click", (event) => {
      if (details.open && !details.contains(event.target as Node)) details.removeAttribute("open");
    });
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && details.open) {
        details.removeAttribute("open");
        details.querySelector("summary")?.focus();
      }
    });
  }
}
