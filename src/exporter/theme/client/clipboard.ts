/**
 * Copies text; falls back to a hidden textarea and execCommand where the Clipboard API is
 * unavailable (pages opened from file:// in some browsers).
 */
export async function copyText(root: Document, text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const area = root.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  root.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = root.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** Shows "Copied" on a button for a moment, in its first `<span>` (its label) when it has one. */
export function flash(button: HTMLElement, label: string): void {
  const target = button.querySelector("span") ?? button;
  const original = target.dataset.label ?? target.textContent ?? "";
  target.dataset.label = original;
  target.textContent = label;
  window.setTimeout(() => {
    target.textContent = original;
  }, 1500);
}
