import { escapeHtml, excerpt, highlight, queryMatcher } from "../../../search/excerpt.ts";
import { openSearchIndex, type SearchHit, type SearchIndex } from "../../../search/query.ts";
import { scriptLoader } from "../../../search/script-loader.ts";
import { message } from "../messages.ts";

/** Results shown at most; each needs its chunk of texts loaded. */
const RESULT_LIMIT = 10;
/** Typing pauses this long before a query runs. */
const DEBOUNCE_MS = 90;

/**
 * The search dialog: opened by Ctrl/⌘-K, `/` and the top bar's search button; results as
 * the reader types; arrows and Enter to open one. The index is read from the bundle's own
 * script files, loaded on first use (see search/script-loader.ts): no service, no other host.
 */
export function setup(root: Document): void {
  const html = root.documentElement;
  const entry = html.dataset.searchIndex;
  if (!entry) return;
  const searcher = createSearcher(root, html.dataset.root ?? "", entry);
  let dialog: SearchDialog | undefined;
  const open = (): void => {
    dialog ??= new SearchDialog(root, searcher, html.dataset.root ?? "");
    dialog.open();
  };

  const isApple = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const hint of root.querySelectorAll<HTMLElement>("[data-search-shortcut]"))
    hint.textContent = isApple ? "⌘K" : "Ctrl K";
  for (const button of root.querySelectorAll<HTMLElement>("[data-quire-search-open]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      open();
    });
  }
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const shortcut =
      (event.key === "k" || event.key === "K") &&
      (event.metaKey || event.ctrlKey) &&
      !event.altKey &&
      !event.shiftKey;
    const slash =
      event.key === "/" &&
      !event.metaKey &&
      !event.ctrlKey &&
      !event.altKey &&
      !isTyping(event.target);
    if (shortcut || slash) {
      event.preventDefault();
      open();
    }
  });
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !==
      null
  );
}

interface Searcher {
  /** Starts loading the manifest, so the first query waits less. */
  warm(): void;
  search(query: string): Promise<SearchHit[]>;
}

/**
 * Opens the index once and runs queries on it. If a file fails to load, the manifest may
 * be a stale cached copy naming files of an older export: it is loaded again, bypassing
 * the cache, and the query retried once.
 */
function createSearcher(root: Document, base: string, entry: string): Searcher {
  let index: Promise<SearchIndex> | undefined;
  let reloaded = false;
  const open = (path: string): Promise<SearchIndex> => {
    const opened = openSearchIndex(path, scriptLoader(root, base));
    opened.catch(() => {
      if (index === opened) index = undefined;
    });
    return opened;
  };
  return {
    warm() {
      index ??= open(entry);
    },
    async search(query) {
      index ??= open(entry);
      try {
        return await (await index).search(query, RESULT_LIMIT);
      } catch (error) {
        if (reloaded) throw error;
        reloaded = true;
        index = open(`${entry}?v=${Date.now()}`);
        return (await index).search(query, RESULT_LIMIT);
      }
    },
  };
}

/** The dialog's markup, in the page's language. */
function dialogHtml(): string {
  const label = escapeHtml(message("searchDocumentation"));
  return `<div class="search-panel">
<div class="search-field"><svg class="search-field-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>
<input id="search-input" type="search" role="combobox" aria-label="${label}" placeholder="${label}" aria-autocomplete="list" aria-expanded="false" aria-controls="quire-search-results" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="go">
<button type="button" class="search-close" aria-label="${escapeHtml(message("closeSearch"))}">Esc</button></div>
<p class="search-status" role="status" aria-live="polite"></p>
<ul id="quire-search-results" class="search-results" role="listbox" aria-label="${escapeHtml(message("searchResults"))}"></ul>
<p class="search-help" aria-hidden="true"><kbd>↑</kbd><kbd>↓</kbd> ${escapeHtml(message("searchHelpMove"))} <kbd>↵</kbd> ${escapeHtml(message("searchHelpOpen"))} <kbd>Esc</kbd> ${escapeHtml(message("searchHelpClose"))}</p>
</div>`;
}

/** The modal dialog: built on first use, or taken from the page if the theme rendered one. */
class SearchDialog {
  private readonly root: Document;
  private readonly searcher: Searcher;
  private readonly base: string;
  private readonly element: HTMLDialogElement;
  private readonly input: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private readonly status: HTMLElement;
  private links: HTMLAnchorElement[] = [];
  private active = -1;
  private timer: number | undefined;
  /** Increases with each query, so a slow earlier answer never replaces a later one. */
  private generation = 0;
  private returnFocus: HTMLElement | null = null;

  constructor(root: Document, searcher: Searcher, base: string) {
    this.root = root;
    this.searcher = searcher;
    this.base = base;
    this.element =
      root.querySelector<HTMLDialogElement>("dialog[data-quire-search]") ??
      root.createElement("dialog");
    if (!this.element.querySelector(".search-results")) this.element.innerHTML = dialogHtml();
    this.element.classList.add("search-dialog");
    this.element.setAttribute("data-quire-search", "");
    this.element.setAttribute("role", "dialog");
    this.element.setAttribute("aria-modal", "true");
    this.element.setAttribute("aria-label", message("searchDocumentation"));
    if (!this.element.isConnected) root.body.appendChild(this.element);
    this.input = this.element.querySelector("input") as HTMLInputElement;
    // docs.json `search.prompt`, as the search button shows it.
    const prompt = root.documentElement.dataset.searchPrompt;
    if (prompt) this.input.placeholder = prompt;
    this.list = this.element.querySelector(".search-results") as HTMLUListElement;
    this.status = this.element.querySelector(".search-status") as HTMLElement;

    this.input.addEventListener("input", () => this.schedule());
    this.element.addEventListener("keydown", (event) => this.onKey(event));
    this.element.querySelector(".search-close")?.addEventListener("click", () => this.close());
    // A click on the backdrop lands on the <dialog> itself, outside its panel.
    this.element.addEventListener("click", (event) => {
      if (event.target === this.element) this.close();
    });
    this.list.addEventListener("mousemove", (event) => {
      const item = (event.target as Element).closest("li");
      const index = item ? [...this.list.children].indexOf(item) : -1;
      if (index >= 0 && index !== this.active) this.select(index);
    });
    this.list.addEventListener("click", (event) => {
      const link = (event.target as Element).closest("a");
      if (
        link &&
        !(event as MouseEvent).ctrlKey &&
        !(event as MouseEvent).metaKey &&
        !(event as MouseEvent).shiftKey
      ) {
        event.preventDefault();
        this.go(link);
      }
    });
    this.element.addEventListener("close", () => this.returnFocus?.focus({ preventScroll: true }));
  }

  open(): void {
    if (!this.element.open) {
      this.returnFocus = this.root.activeElement as HTMLElement | null;
      this.element.showModal();
    }
    this.input.focus();
    this.input.select();
    this.searcher.warm();
  }

  close(): void {
    if (this.element.open) this.element.close();
  }

  private schedule(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.run(), DEBOUNCE_MS);
  }

  private async run(): Promise<void> {
    const query = this.input.value.trim();
    const generation = ++this.generation;
    if (query === "") {
      this.render([], query);
      this.status.textContent = "";
      return;
    }
    this.status.textContent = message("searchLoading");
    try {
      const hits = await this.searcher.search(query);
      if (generation !== this.generation) return;
      this.render(hits, query);
      this.status.textContent =
        hits.length === 0
          ? message("searchNoResults", { query })
          : hits.length === 1
            ? message("searchOneResult")
            : message("searchResultCount", { count: hits.length });
    } catch {
      if (generation === this.generation) this.status.textContent = message("searchUnavailable");
    }
  }

  private render(hits: SearchHit[], query: string): void {
    const matches = queryMatcher(query);
    this.list.innerHTML = hits
      .map((hit, index) => {
        const parts = [
          hit.breadcrumb
            ? `<span class="search-result-breadcrumb">${escapeHtml(hit.breadcrumb)}</span>`
            : "",
          `<span class="search-result-title">${highlight(hit.title, matches)}</span>`,
          hit.heading
            ? `<span class="search-result-section">${highlight(hit.heading, matches)}</span>`
            : "",
          hit.text
            ? `<span class="search-result-excerpt">${excerpt(hit.text, matches)}</span>`
            : "",
        ];
        return `<li role="option" id="quire-search-result-${index}" aria-selected="false"><a href="${this.href(hit)}" tabindex="-1">${parts.join("")}</a></li>`;
      })
      .join("");
    this.links = [...this.list.querySelectorAll("a")];
    this.input.setAttribute("aria-expanded", String(hits.length > 0));
    this.select(hits.length > 0 ? 0 : -1);
  }

  /** `<root><path>.html#<anchor>` (`<path>/index.html` with clean URLs), each segment encoded. */
  private href(hit: SearchHit): string {
    const encoded = hit.path.split("/").map(encodeURIComponent).join("/");
    // With clean URLs a page is its folder's index file (an index page is one already).
    const clean = this.root.documentElement.dataset.cleanUrls === "true";
    const file =
      clean && hit.path !== "index" && !hit.path.endsWith("/index")
        ? `${encoded}/index.html`
        : `${encoded}.html`;
    return escapeHtml(
      `${this.base}${file}${hit.anchor ? `#${encodeURIComponent(hit.anchor)}` : ""}`,
    );
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === "Escape") {
      // Handled here so Escape closes at once, rather than first clearing the search field.
      event.preventDefault();
      this.close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (this.links.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.select((this.active + step + this.links.length) % this.links.length);
    } else if (event.key === "Enter" && event.target === this.input) {
      event.preventDefault();
      window.clearTimeout(this.timer);
      const link = this.links[this.active];
      if (link) this.go(link);
      else void this.run();
    } else if (event.key === "Tab") {
      this.trapFocus(event);
    }
  }

  /** Keeps Tab inside the dialog: past the last control it comes back to the first. */
  private trapFocus(event: KeyboardEvent): void {
    const focusable = [
      ...this.element.querySelectorAll<HTMLElement>("input, button, [href]:not([tabindex='-1'])"),
    ].filter((element) => !element.hasAttribute("disabled"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && this.root.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && this.root.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  private select(index: number): void {
    this.active = index;
    this.links.forEach((link, position) => {
      const item = link.parentElement as HTMLElement;
      item.setAttribute("aria-selected", String(position === index));
      if (position === index) item.scrollIntoView({ block: "nearest" });
    });
    if (index >= 0)
      this.input.setAttribute("aria-activedescendant", `quire-search-result-${index}`);
    else this.input.removeAttribute("aria-activedescendant");
  }

  /** Opens a result; on the current page, scrolls to the heading even if the URL is unchanged. */
  private go(link: HTMLAnchorElement): void {
    const target = new URL(link.href);
    const here = new URL(window.location.href);
    this.returnFocus = null;
    this.close();
    if (target.href === here.href && target.hash) {
      this.root.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.location.href = target.href;
  }
}
