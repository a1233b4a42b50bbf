// Quire dashboard: progressive enhancement only. Every page works without this script;
// it adds copy buttons and live progress of running jobs.
(() => {
  const announcer = document.getElementById("announcer");
  const announce = (text) => {
    if (!announcer) return;
    announcer.textContent = "";
    setTimeout(() => {
      announcer.textContent = text;
    }, 50);
  };

  // Copy buttons: <button data-copy="element-id" hidden> copies that element's value or text.
  const copyText = async (text) => {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) throw new Error("copy refused");
  };
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
    const label = button.textContent;
    button.addEventListener("click", async () => {
      const target = document.getElementById(button.dataset.copy);
      if (!target) return;
      const text = "value" in target ? target.value : target.textContent;
      try {
        await copyText(text.trim());
        button.textContent = "Copied";
        announce("Copied to the clipboard");
      } catch {
        if ("select" in target) target.select();
        announce("Copying failed: the text is selected, press Ctrl+C or Cmd+C");
      }
      setTimeout(() => {
        button.textContent = label;
      }, 2000);
    });
  }

  // Live progress: <section data-live="URL" data-status="..."> polls the URL (JSON) while the
  // job runs, updates [data-field] elements, and reloads the page once the status changes.
  const live = document.querySelector("[data-live]");
  if (live?.dataset.live) {
    const url = live.dataset.live;
    const initial = live.dataset.status;
    let delay = 1000;
    const poll = async () => {
      try {
        const response = await fetch(url, {
          headers: { accept: "application/json" },
          credentials: "same-origin",
        });
        // Signed out meanwhile: the page itself now leads to the sign-in form.
        if (response.status === 401) {
          window.location.reload();
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const state = await response.json();
        delay = 1000;
        for (const [name, value] of Object.entries(state)) {
          for (const element of live.querySelectorAll(`[data-field="${name}"]`)) {
            if (element instanceof HTMLProgressElement) element.value = Number(value);
            else element.textContent = String(value);
          }
        }
        if (state.final && state.status !== initial) {
          announce(`The job is ${state.status}`);
          window.location.reload();
          return;
        }
      } catch {
        delay = Math.min(delay * 2, 15000);
      }
      setTimeout(poll, delay);
    };
    setTimeout(poll, delay);
  }
})();
