import { message } from "../messages.ts";

/**
 * The tag filter of a changelog: one button per tag of its `<Update>`s, under the table of
 * contents (above the first update on a page without one). With tags chosen, only the updates
 * that carry every one of them stay shown; the choice is kept in the address (`?tags=a,b`), so
 * a filtered view can be shared, and read from it on load.
 */
export function setup(root: Document): void {
  const updates = [...root.querySelectorAll<HTMLElement>(".update")];
  const tagsOf = new Map<HTMLElement, string[]>();
  for (const update of updates) {
    try {
      const tags = JSON.parse(update.dataset.tags ?? "[]");
      tagsOf.set(update, Array.isArray(tags) ? tags.map(String) : []);
    } catch {
      tagsOf.set(update, []);
    }
  }
  const allTags = [...new Set([...tagsOf.values()].flat())];
  if (allTags.length === 0) return;

  const chosen = new Set(
    (new URLSearchParams(location.search).get("tags") ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter((tag) => allTags.includes(tag)),
  );
  const bar = root.createElement("div");
  bar.className = "update-filter";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", message("filterUpdates"));
  const buttons = allTags.map((tag) => {
    const button = root.createElement("button");
    button.type = "button";
    button.className = "update-filter-tag";
    button.textContent = tag;
    button.addEventListener("click", () => {
      if (chosen.has(tag)) chosen.delete(tag);
      else chosen.add(tag);
      apply(true);
    });
    bar.appendChild(button);
    return button;
  });

  const apply = (remember: boolean): void => {
    for (const [index, button] of buttons.entries())
      button.setAttribute("aria-pressed", String(chosen.has(allTags[index] as string)));
    for (const [update, tags] of tagsOf)
      update.hidden = chosen.size > 0 && ![...chosen].every((tag) => tags.includes(tag));
    if (!remember) return;
    const address = new URL(location.href);
    if (chosen.size > 0) address.searchParams.set("tags", [...chosen].join(","));
    else address.searchParams.delete("tags");
    try {
      history.replaceState(history.state, "", address.href);
    } catch {
      // Some browsers refuse to change a file:// address; the filter works all the same.
    }
  };

  const toc = root.querySelector("#table-of-contents");
  if (toc) toc.appendChild(bar);
  else updates[0]?.before(bar);
  apply(false);
}
