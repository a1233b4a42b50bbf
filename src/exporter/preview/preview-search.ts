import { Worker } from "node:worker_threads";
import type { SearchSection } from "../mdx/rendered-page.ts";
import { isSearchEntry, type SearchIndexFile } from "../search/build-index.ts";
import { siteSearchDocuments } from "../search/site-documents.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { SearchIndexGroup } from "./search-thread.ts";

/** While pages are being indexed in the background, the index is built again at most this often. */
const REBUILD_EVERY_MS = 5000;
/** The background indexing waits while the preview has served or changed anything this recently. */
const QUIET_MS = 500;

/** What the search of a preview needs from it. */
export interface SearchSource {
  pages(): ReadonlyMap<string, PageMeta>;
  breadcrumbOf(pagePath: string): string[] | undefined;
  /** A page's language: a site with languages has one index per language, as its export does. */
  languageOf(pagePath: string): string | undefined;
  /** The site's languages: each has an index, if only an empty one. */
  languages(): readonly string[];
  /** Renders a page's body for its text (from the render cache when it can). */
  sectionsOf(pagePath: string): Promise<SearchSection[]>;
  /** Whether the preview is at rest: no page rendering for a reader, no change being taken. */
  isIdle(): boolean;
  /** Called once every page is indexed. */
  onIndexed?: (pages: number, milliseconds: number) => void;
}

/**
 * The preview's search index: the export's own index, built in memory from the text of the
 * pages rendered so far and the title and description of the others. The first search starts
 * indexing the remaining pages in the background, one at a time while the preview is at rest,
 * so search soon covers every page without slowing the pages being written.
 */
export class PreviewSearch {
  private readonly source: SearchSource;
  private readonly sections = new Map<string, SearchSection[]>();
  /** Each page's version: a page changed while it was indexed is not recorded stale. */
  private readonly versions = new Map<string, number>();
  private current?: { files: Map<string, string>; builtAt: number };
  /** The build before: a reader's search that loaded its manifest just before still finds its files. */
  private previous?: Map<string, string>;
  private dirty = true;
  private filling = false;
  /** The index being built, in a worker thread of its own. */
  private building?: Promise<void>;
  private thread?: Worker;
  private nextRequest = 0;
  /** Bumped when the site is read again: a background indexing of the old site stops. */
  private generation = 0;

  constructor(source: SearchSource) {
    this.source = source;
  }

  /** A page's text, from a render for a reader. */
  record(pagePath: string, sections: SearchSection[]): void {
    this.sections.set(pagePath, sections);
    this.dirty = true;
  }

  /** A page changed: its text is indexed again. */
  forget(pagePath: string): void {
    this.versions.set(pagePath, (this.versions.get(pagePath) ?? 0) + 1);
    if (this.sections.delete(pagePath)) this.dirty = true;
  }

  /** The site was read again: everything is indexed again. */
  reset(): void {
    this.generation++;
    this.sections.clear();
    this.versions.clear();
    this.dirty = true;
    this.filling = false;
  }

  /** A file of the index by its bundle path (`_quire/search/…`). */
  async file(bundlePath: string): Promise<string | undefined> {
    this.startIndexing();
    const stale =
      !this.current ||
      (this.dirty && (!this.filling || Date.now() - this.current.builtAt > REBUILD_EVERY_MS));
    // Only the entry file starts a build: the files it names are those of the build it is from.
    if (stale && (!this.current || isSearchEntry(bundlePath))) {
      this.building ??= this.build().finally(() => {
        this.building = undefined;
      });
      await this.building;
    }
    return this.current?.files.get(bundlePath) ?? this.previous?.get(bundlePath);
  }

  /** Ends the index's worker thread. */
  async close(): Promise<void> {
    await this.thread?.terminate();
    this.thread = undefined;
  }

  /** Pages whose text is indexed. */
  get indexedPages(): number {
    return this.sections.size;
  }

  private async build(): Promise<void> {
    this.dirty = false;
    const pages = this.source.pages();
    const byLanguage = new Map<
      string | undefined,
      { pagePath: string; sections: SearchSection[] }[]
    >(this.source.languages().map((language) => [language, []]));
    for (const pagePath of pages.keys()) {
      const language = this.source.languageOf(pagePath);
      const rendered = byLanguage.get(language) ?? [];
      byLanguage.set(language, rendered);
      rendered.push({ pagePath, sections: this.sections.get(pagePath) ?? [] });
    }
    if (byLanguage.size === 0) byLanguage.set(undefined, []);
    const files = await this.buildInThread(
      [...byLanguage].map(([language, rendered]) => ({
        ...(language ? { language } : {}),
        documents: siteSearchDocuments(rendered, pages, (pagePath) =>
          this.source.breadcrumbOf(pagePath),
        ),
      })),
    );
    this.previous = this.current?.files;
    this.current = {
      files: new Map(files.map((file) => [file.path, file.content])),
      builtAt: Date.now(),
    };
  }

  private buildInThread(groups: SearchIndexGroup[]): Promise<SearchIndexFile[]> {
    if (!this.thread) {
      this.thread = new Worker(new URL("./search-thread.ts", import.meta.url));
      // An idle index thread never keeps the process alive.
      this.thread.unref();
    }
    const thread = this.thread;
    const id = ++this.nextRequest;
    return new Promise((resolve, reject) => {
      const answer = (message: { id: number; files?: SearchIndexFile[]; error?: string }): void => {
        if (message.id !== id) return;
        thread.off("message", answer);
        thread.off("error", fail);
        if (message.files) resolve(message.files);
        else reject(new Error(`the search index could not be built: ${message.error}`));
      };
      const fail = (error: Error): void => {
        thread.off("message", answer);
        this.thread = undefined;
        reject(error);
      };
      thread.on("message", answer);
      thread.once("error", fail);
      thread.postMessage({ id, groups });
    });
  }

  private startIndexing(): void {
    if (this.filling) return;
    const missing = [...this.source.pages().keys()].filter((page) => !this.sections.has(page));
    if (missing.length === 0) return;
    this.filling = true;
    const generation = this.generation;
    const started = performance.now();
    void this.index(missing, generation).then(
      () => {
        if (generation !== this.generation) return;
        this.filling = false;
        if (this.sections.size === this.source.pages().size)
          this.source.onIndexed?.(this.sections.size, Math.round(performance.now() - started));
      },
      () => {
        // A page that cannot be rendered keeps its title only; the next search tries again.
        if (generation === this.generation) this.filling = false;
      },
    );
  }

  private async index(pagePaths: string[], generation: number): Promise<void> {
    for (const pagePath of pagePaths) {
      while (!this.source.isIdle()) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        if (generation !== this.generation) return;
      }
      if (generation !== this.generation) return;
      if (this.sections.has(pagePath) || !this.source.pages().has(pagePath)) continue;
      const version = this.versions.get(pagePath) ?? 0;
      const sections = await this.source.sectionsOf(pagePath);
      if (generation !== this.generation) return;
      if ((this.versions.get(pagePath) ?? 0) === version && !this.sections.has(pagePath))
        this.record(pagePath, sections);
      // Lets requests in between pages: a reader's page never waits for more than one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** How long after its last request or change the preview counts as at rest, in ms. */
export const PREVIEW_QUIET_MS = QUIET_MS;
