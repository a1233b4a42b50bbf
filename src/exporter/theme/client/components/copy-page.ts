import { copyText, flash } from "../clipboard.ts";
import { message } from "../messages.ts";

/**
 * "Copy page" copies the page's Markdown (`<path>.md`). fetch() is blocked on file://, so
 * there the link simply opens the Markdown file, as it does with scripts off.
 */
export function setup(root: Document): void {
  if (location.protocol === "file:") return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>("[data-copy-page]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      fetch(link.href)
        .then((response) =>
          response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
        )
        .then((text) => copyText(root, text))
        .then((copied) => flash(link, copied ? message("copied") : message("copyFailed")))
        .catch(() => {
          location.href = link.href;
        });
    });
  }
}
