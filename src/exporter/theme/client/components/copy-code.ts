import { copyText, flash } from "../clipboard.ts";
import { message } from "../messages.ts";

/** Copy buttons on code blocks and prompts, and "Show more" on long expandable blocks. */
export function setup(root: Document): void {
  translateButtons(root);
  root.addEventListener("click", (event) => {
    const target = event.target as HTMLElement | null;
    const copy = target?.closest<HTMLButtonElement>("button.copy-code");
    if (copy) {
      const source = copy.dataset.copyTarget
        ? root.getElementById(copy.dataset.copyTarget)
        : copy.closest(".code-block")?.querySelector("pre code");
      const text = source ? codeText(source) : "";
      void copyText(root, text).then((copied) =>
        flash(copy, copied ? message("copied") : message("pressCtrlC")),
      );
      return;
    }
    const expand = target?.closest<HTMLButtonElement>("button.code-expand");
    if (expand) {
      const block = expand.closest(".code-block");
      const expanded = block?.classList.toggle("expanded") ?? false;
      expand.textContent = expanded ? message("showLess") : message("showMore");
      expand.setAttribute("aria-expanded", String(expanded));
    }
  });
}

/**
 * Code blocks are rendered once for every language (and cached so): their buttons are labelled
 * in the page's language here. Without scripts they do nothing, so an English label never shows.
 */
function translateButtons(root: Document): void {
  if (!root.documentElement.dataset.messages) return;
  for (const button of root.querySelectorAll<HTMLButtonElement>("button.copy-code")) {
    if (button.textContent === "Copy") button.textContent = message("copy");
    if (button.getAttribute("aria-label") === "Copy code")
      button.setAttribute("aria-label", message("copyCode"));
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>("button.code-expand"))
    if (button.textContent === "Show more") button.textContent = message("showMore");
}

/**
 * The code as written: removed diff lines are left out, each line once. A twoslash block's
 * type popups and its query and error lines are what the page adds, not code.
 */
function codeText(element: Element): string {
  const lines = [...element.querySelectorAll(".line")].filter(
    (line) => !line.closest(".twoslash-popup-container"),
  );
  if (lines.length === 0) return element.textContent ?? "";
  return lines
    .filter((line) => !line.classList.contains("diff-remove"))
    .map((line) => lineText(line))
    .join("\n");
}

function lineText(line: Element): string {
  if (!line.querySelector(".twoslash-popup-container")) return line.textContent ?? "";
  const copy = line.cloneNode(true) as Element;
  for (const popup of copy.querySelectorAll(".twoslash-popup-container")) popup.remove();
  return copy.textContent ?? "";
}
