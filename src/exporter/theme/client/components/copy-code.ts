import { copyText, flash } from "../clipboard.ts";
import { message } from "../messages.ts";

/**
 * Copy buttons on code blocks and prompts, and "Show more" on long expandable blocks: their
 * labels are written in the page's language at export time, their later states here.
 */
export function setup(root: Document): void {
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
