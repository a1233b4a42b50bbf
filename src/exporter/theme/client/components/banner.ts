/** A dismissible banner stays dismissed (per banner text) once closed. */
export function setup(root: Document): void {
  const banner = root.querySelector<HTMLElement>("[data-banner]");
  if (!banner) return;
  const key = `quire-banner-${banner.dataset.banner}`;
  try {
    if (localStorage.getItem(key) === "dismissed")
      root.documentElement.classList.add("banner-dismissed");
  } catch {
    // no storage: the banner simply shows
  }
  banner.querySelector("[data-banner-close]")?.addEventListener("click", () => {
    root.documentElement.classList.add("banner-dismissed");
    try {
      localStorage.setItem(key, "dismissed");
    } catch {
      // ignore
    }
  });
}
