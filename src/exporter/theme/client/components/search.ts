import type { SearchDocumentEntry, SearchManifest, TermShard } from "../../../search/index-format.ts";
import { excerpt, highlight, type SearchResult, type SearchSource, search } from "../../../search/query.ts";

/**
 * The search dialog: Ctrl/⌘-K or `/`, results as you type, Enter to open. The index is
 * classic script files injected on first use, so it works over http and from file://.
 */
export function setup(root: Document): void {
  const html = root.documentElement;
  const indexPath = html.dataset.searchIndex;
  if (!indexPath) return;
  const base = html.dataset.root ?? "";
  const loader = new ScriptIndexLoader(root, base, indexPath);
  let dialog: SearchDialog | undefined;
  const open = (): void => {
    dialog ??= new SearchDialog(root, loader, base);
    dialog.open();
  };
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const hint of root.querySelectorAll<HTMLElement>("[data-search-shortcut]")) hint.textContent = isMac ? "⌘K" : "Ctrl K";
  for (const button of root.querySelectorAll<HTMLElement>("[data-quire-search-open]")) button.addEventListener("click", open);
  root.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target?.closest("input, textarea, select, [contenteditable='true']");
    if ((event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      open();
    } else if (event.key === "/" && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });
}

type Pending<T> = { resolve: (value: T) => void; reject: (error: Error) => void };

interface SearchGlobal {
  manifest(value: SearchManifest): void;
  shard(key: string, value: TermShard): void;
  chunk(index: number, value: SearchDocumentEntry[]): void;
}

/** Loads index files with <script> tags; each file calls back into window.__quireSearch. */
class ScriptIndexLoader implements SearchSource {
  manifest!: SearchManifest;
  private readonly root: Document;
  private readonly base: string;
  private readonly entry: string;
  private ready?: Promise<void>;
  private readonly shards = new Map<string, Promise<TermShard>>();
  private readonly chunks = new Map<number, Promise<SearchDocumentEntry[]>>();
  private readonly pendingShards = new Map<string, Pending<TermShard>>();
  private readonly pendingChunks = new Map<number, Pending<SearchDocumentEntry[]>>();
  private pendingManifest?: Pending<SearchManifest>;

  constructor(root: Document, base: string, entry: string) {
    this.root = root;
    this.base = base;
    this.entry = entry;
    const callbacks: SearchGlobal = {
      manifest: (value) => this.pendingManifest?.resolve(value),
      shard: (key, value) => this.pendingShards.get(key)?.resolve(value),
      chunk: (index, value) => this.pendingChunks.get(index)?.resolve(value),
    };
    (window as unknown as { __quireSearch: SearchGlobal }).__quireSearch = callbacks;
  }

  load(): Promise<void> {
    this.ready ??= new Promise<SearchManifest>((resolve, reject) => {
      this.pendingManifest = { resolve, reject };
      this.inject(this.entry, reject);
    }).then((manifest) => {
      this.manifest = manifest;
    });
    return this.ready;
  }

  loadShard(key: string): Promise<TermShard> {
    let promise = this.shards.get(key);
    if (!promise) {
      promise = new Promise<TermShard>((resolve, reject) => {
        this.pendingShards.set(key, { resolve, reject });
        this.inject(this.manifest.shards[key] as string, reject);
      });
      this.shards.set(key, promise);
    }
    return promise;
  }

  loadChunk(index: number): Promise<SearchDocumentEntry[]> {
    let promise = this.chunks.get(index);
    if (!promise) {
      promise = new Promise<SearchDocumentEntry[]>((resolve, reject) => {
        this.pendingChunks.set(index, { resolve, reject });
        this.inject(this.manifest.chunks[index] as string, reject);
      });
      this.chunks.set(index, promise);
    }
    return promise;
  }

  private inject(file: string, reject: (error: Error) => void): void {
    const script = this.root.createElement("script");
    script.src = this.base + file;
    script.async = true;
    script.onerror = () => reject(new Error(`could not load ${file}`));
    this.root.head.appendChild(script);
  }
}

class SearchDialog {
  private readonly root: Document;
  private readonly loader: ScriptIndexLoader;
  private readonly base: string;
  private readonly element: HTMLDialogElement;
  private readonly input: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private readonly status: HTMLParagraphElement;
  private results: SearchResult[] = [];
  private active = -1;
  private timer?: number;
  private generation = 0;
  private returnFocus?: Element | null;

  constructor(root: Document, loader: ScriptIndexLoader, base: string) {
    this.root = root;
    this.loader = loader;
    this.base = base;
    this.element = root.createElement("dialog");
    this.element.className = "search-dialog";
    this.element.setAttribute("aria-label", "Search the documentation");
    this.element.innerHTML =
      '<div class="search-panel"><div class="search-field"><input type="search" placeholder="Search the documentation" aria-label="Search" autocomplete="off" spellcheck="false" role="combobox" aria-expanded="true" aria-controls="search-results" aria-autocomplete="list"><button type="button" class="search-close" aria-label="Close search">Esc</button></div><p class="search-status" role="status" aria-live="polite"></p><ul id="search-results" class="search-results" role="listbox"></ul></div>';
    this.input = this.element.querySelector("input") as HTMLInputElement;
    this.list = this.element.querySelector("ul") as HTMLUListElement;
    this.status = this.element.querySelector(".search-status") as HTMLParagraphElement;
    root.body.appendChild(this.element);
    this.input.addEventListener("input", () => this.schedule());
    this.input.addEventListener("keydown", (event) => this.onKey(event));
    (this.element.querySelector(".search-close") as HTMLButtonElement).addEventListener("click", () => this.close());
    this.element.addEventListener("click", (event) => {
      if (event.target === this.element) this.close();
    });
    this.element.addEventListener("close", () => (this.returnFocus as HTMLElement | null)?.focus?.());
  }

  open(): void {
    if (this.element.open) return;
    this.returnFocus = this.root.activeElement;
    this.element.showModal();
    this.input.select();
    this.input.focus();
    void this.loader.load().catch(() => this.showStatus("The search index could not be loaded."));
  }

  close(): void {
    this.element.close();
  }

  private schedule(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.run(), 80);
  }

  private async run(): Promise<void> {
    const query = this.input.value.trim();
    const generation = ++this.generation;
    if (query === "") {
      this.render([]);
      this.showStatus("");
      return;
    }
    this.showStatus("Loading…");
    try {
      await this.loader.load();
      const results = await search(this.loader, query, 12);
      if (generation !== this.generation) return;
      this.render(results);
      this.showStatus(results.length === 0 ? `No results for “${query}”` : `${results.length} result${results.length === 1 ? "" : "s"}`);
    } catch {
      if (generation === this.generation) this.showStatus("The search index could not be loaded.");
    }
  }

  private render(results: SearchResult[]): void {
    this.results = results;
    this.active = results.length > 0 ? 0 : -1;
    this.list.innerHTML = results
      .map((result, index) => {
        const { document, terms } = result;
        const href = `${this.base}${encodeURI(document.p)}.html${document.a ? `#${encodeURIComponent(document.a)}` : ""}`;
        const section = document.h ? `<span class="search-result-section">${highlight(document.h, terms)}</span>` : "";
        return `<li role="option" id="search-result-${index}" aria-selected="${index === 0}"><a href="${href}"><span class="search-result-title">${highlight(document.t, terms)}</span>${section}<span class="search-result-excerpt">${excerpt(document.x, terms)}</span></a></li>`;
      })
      .join("");
    this.updateActive();
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (this.results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.active = (this.active + step + this.results.length) % this.results.length;
      this.updateActive();
    } else if (event.key === "Enter") {
      const link = this.list.querySelectorAll("a")[this.active];
      if (link) {
        event.preventDefault();
        this.close();
        link.click();
      }
    }
  }

  private updateActive(): void {
    this.list.querySelectorAll("li").forEach((item, index) => {
      item.setAttribute("aria-selected", String(index === this.active));
      if (index === this.active) item.scrollIntoView({ block: "nearest" });
    });
    if (this.active >= 0) this.input.setAttribute("aria-activedescendant", `search-result-${this.active}`);
    else this.input.removeAttribute("aria-activedescendant");
  }

  private showStatus(text: string): void {
    this.status.textContent = text;
  }
}
