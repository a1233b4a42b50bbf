import { message } from "../messages.ts";

/**
 * A click on an image of the page shows it larger, over the page, until a click, Escape or a
 * scroll closes it. Images that are links, or that say `noZoom`, are left alone.
 */
export function setup(root: Document): void {
  const images = [...root.querySelectorAll<HTMLImageElement>(".mdx-content img")].filter(
    (image) =>
      !image.closest("a, button, .card, [data-no-zoom]") && !image.hasAttribute("data-no-zoom"),
  );
  if (images.length === 0) return;
  let overlay: HTMLElement | undefined;
  const close = (): void => {
    overlay?.remove();
    overlay = undefined;
    root.removeEventListener("keydown", onKey);
    window.removeEventListener("scroll", close);
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === "Escape") close();
  };
  for (const image of images) {
    image.classList.add("zoomable");
    image.addEventListener("click", () => {
      close();
      overlay = root.createElement("div");
      overlay.className = "image-zoom";
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-modal", "true");
      overlay.setAttribute("aria-label", image.alt || message("image"));
      const large = root.createElement("img");
      large.src = image.currentSrc || image.src;
      large.alt = image.alt;
      overlay.appendChild(large);
      overlay.addEventListener("click", close);
      root.body.appendChild(overlay);
      root.addEventListener("keydown", onKey);
      window.addEventListener("scroll", close, { passive: true });
    });
  }
}
