/**
 * "Was this page helpful?": shown only where the answer can reach the operator's collector (a
 * path of the site's own server needs a served page), and sent once per page view as
 * `{"page", "helpful"}`.
 */
export function setup(root: Document): void {
  for (const widget of root.querySelectorAll<HTMLElement>(".page-feedback")) {
    const collector = widget.dataset.feedbackUrl ?? "";
    const served = location.protocol === "http:" || location.protocol === "https:";
    if (!/^https?:\/\//i.test(collector) && !served) continue;
    const target = new URL(collector, served ? location.origin : undefined).href;
    const status = widget.querySelector<HTMLElement>(".feedback-status");
    const buttons = [...widget.querySelectorAll<HTMLButtonElement>(".feedback-button")];
    widget.hidden = false;
    for (const button of buttons) {
      button.addEventListener("click", () => {
        for (const other of buttons) other.disabled = true;
        button.setAttribute("aria-pressed", "true");
        fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            page: widget.dataset.feedbackPage,
            helpful: button.dataset.helpful === "true",
          }),
          keepalive: true,
        })
          .then((response) => {
            if (!response.ok) throw new Error(String(response.status));
            if (status) status.textContent = widget.dataset.thanks ?? "";
          })
          .catch(() => {
            if (status) status.textContent = widget.dataset.failed ?? "";
            for (const other of buttons) other.disabled = false;
            button.removeAttribute("aria-pressed");
          });
      });
    }
  }
}
