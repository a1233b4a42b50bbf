import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { writeFileIntoFolder } from "../../files/write-into-folder.ts";
import type { ApiPagesSetup } from "../api-pages.ts";
import type { ComponentMode } from "../export-options.ts";
import type { RenderedBody } from "../mdx/rendered-page.ts";
import { ArchiveEntryCache, prepareCompressedEntrySync } from "../output/archive.ts";
import type { Problem } from "../problems.ts";
import { sectionsForIndex } from "../search/build-index.ts";
import { packSections } from "../search/spilled-sections.ts";
import type { PageMeta } from "../site/page-index.ts";
import { pageOutputFile } from "../site/paths.ts";
import { RepoFiles } from "../site/repo-files.ts";
import { packIds } from "../site/site-index.ts";
import type { DeploymentType } from "../site/types.ts";
import type { SiteLayoutData } from "../theme/layout-types.ts";
import { BodyRenderer, type BodyTask } from "./body-renderer.ts";
import { createPageDocumentRenderer, type PageDocumentRenderer } from "./page-document.ts";

/** Everything a renderer (in the main thread or a worker) needs; plain data, so it can cross threads. */
export interface RendererSetup {
  sourceDir: string;
  outputDir: string;
  /** Where rendered bodies are cached; no cache when absent. */
  cacheDir?: string;
  /** Where compressed archive entries are cached: pages are prepared here as they are written. */
  archiveCacheDir?: string;
  /**
   * The output folder only stages the archive: a file whose compressed entry is prepared is not
   * written into it as well (packing takes the entry from `archiveCacheDir`).
   */
  archiveOnly?: boolean;
  deployment: DeploymentType;
  engine: string;
  layout: SiteLayoutData;
  /** How API reference pages render, when the site has any. */
  api?: ApiPagesSetup;
  /** Repository React components: `interactive`, `static` or `off`. */
  components: ComponentMode;
}

export interface PageTask {
  file: string;
  pagePath: string;
}

/** What the export keeps of a rendered page once its files are written. */
export interface PageOutcome {
  pagePath: string;
  problems: Problem[];
  /** The page's search sections, packed (`packSections`): the export spills them to disk. */
  searchSections: Uint8Array;
  markdown: string;
  assets: string[];
  links: RenderedBody["links"];
  /** Every element id of the page body (`packIds`), for the check of `#anchor` links. */
  ids: string;
  features: RenderedBody["features"];
  /** Class names in the page body: the export generates the Tailwind utilities among them. */
  classes: string[];
  /** The page loads component code (interactive repository components). */
  hasIslands: boolean;
  fromCache: boolean;
  /** Bundle files of this page whose compressed archive entries are ready: file → cache key. */
  archiveEntries: [string, string][];
  /** The navigation groups above the page, from its layout: its search document's breadcrumb. */
  breadcrumb?: string[];
}

/**
 * Renders pages to files: body (from cache when unchanged), then layout, then writes
 * `<path>.html` and `<path>.md` into the output folder. One instance per thread.
 */
export class PageRenderer {
  private readonly setup: RendererSetup;
  private readonly bodies: BodyRenderer;
  private readonly document: PageDocumentRenderer;
  /** This thread's reader and writer of the archive's cache, when there is one. */
  private readonly archiveCache?: ArchiveEntryCache;
  /** Component modules this thread has written: pages share them, each is written once. */
  private readonly modulesWritten = new Set<string>();

  constructor(setup: RendererSetup) {
    this.setup = setup;
    this.bodies = new BodyRenderer({
      repo: new RepoFiles(setup.sourceDir),
      pagePaths: Object.keys(setup.layout.pages),
      deployment: setup.deployment,
      iconLibrary: setup.layout.config.icons.library,
      engine: setup.engine,
      cacheDir: setup.cacheDir,
      api: setup.api,
      components: setup.components,
      variables: setup.layout.config.variables,
      ...(typeof setup.layout.config.styling.codeblocks === "object"
        ? { codeThemes: setup.layout.config.styling.codeblocks }
        : {}),
      ...(setup.layout.cleanUrls ? { cleanUrls: true } : {}),
    });
    this.document = createPageDocumentRenderer(setup.layout);
    if (setup.archiveCacheDir) this.archiveCache = new ArchiveEntryCache(setup.archiveCacheDir);
  }

  /** Renders a page and writes its files, and its compressed archive entries when there is a cache. */
  async render(task: PageTask): Promise<PageOutcome> {
    const page = this.setup.layout.pages[task.pagePath];
    const { body, fromCache } = await this.bodies.render(
      page ? bodyTaskOf(task, page, this.document.languageOf(task.pagePath)) : task,
    );
    const hasErrors = body.problems.some((problem) => problem.severity === "error");
    const archiveEntries: [string, string][] = [];
    let breadcrumb: string[] | undefined;
    if (page && !hasErrors) {
      const htmlFile = pageOutputFile(task.pagePath, this.setup.layout.cleanUrls);
      const document = this.document.render(page, body);
      breadcrumb = document.breadcrumb;
      const files: [string, Buffer][] = [
        [htmlFile, Buffer.from(document.html)],
        [
          // Beside the page in either URL form: `/guides/intro.md`, as Mintlify serves it.
          `${task.pagePath}.md`,
          Buffer.from(pageMarkdownFile(page.title, page.description, body.markdown)),
        ],
      ];
      const pageFiles = files.length;
      for (const module of body.islandModules ?? []) {
        if (this.modulesWritten.has(module.key)) continue;
        files.push([module.path, Buffer.from(module.script)]);
        this.modulesWritten.add(module.key);
      }
      const cache = this.archiveCache;
      // A page whose author wrote classes may still get the Tailwind stylesheet linked once every
      // page is rendered: its archive entry is prepared then, not compressed twice. An RSS page's
      // feed is made from its written HTML.
      const mayChange = (body.classes?.length ?? 0) > 0 ? htmlFile : undefined;
      const readLater = (file: string): boolean =>
        file === mayChange || (page.rss === true && file === htmlFile);
      const staged = (file: string): boolean =>
        !cache || !this.setup.archiveOnly || readLater(file);
      for (const [index, [file, content]] of files.entries()) {
        if (!staged(file)) continue;
        const target = path.join(this.setup.outputDir, file);
        if (index < pageFiles) writeFileIntoFolder(target, content);
        else writeSharedFile(target, content);
      }
      for (const [file, content] of files) {
        if (!cache || file === mayChange) continue;
        archiveEntries.push([file, prepareCompressedEntrySync(cache, file, content)]);
      }
    }
    return {
      pagePath: task.pagePath,
      problems: body.problems,
      // The export keeps every page's until the search index is built: only what it reads.
      searchSections: packSections(sectionsForIndex(body.sections)),
      markdown: body.markdown,
      assets: body.assets,
      links: body.links,
      ids: packIds(body.ids),
      features: body.features,
      classes: body.classes ?? [],
      hasIslands: (body.islandModules?.length ?? 0) > 0,
      fromCache,
      archiveEntries,
      ...(breadcrumb ? { breadcrumb } : {}),
    };
  }
}

/**
 * Writes a bundle file whole or not at all: render threads may write the same shared file (a
 * component module) at once, and a reader must never see half of it.
 */
function writeSharedFile(target: string, content: Buffer): void {
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${threadId}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, target);
}

/** The `<path>.md` beside each page: title, description, then the page's Markdown. */
export function pageMarkdownFile(
  title: string,
  description: string | undefined,
  markdown: string,
): string {
  const parts = [`# ${title}`];
  if (description) parts.push(`> ${description}`);
  if (markdown) parts.push(markdown);
  return `${parts.join("\n\n")}\n`;
}

/**
 * What the body of a page needs from its metadata (the operation or endpoint it documents) and
 * from the navigation (its language, `language`, in which its components' labels are written).
 */
export function bodyTaskOf(task: PageTask, page: PageMeta, language?: string): BodyTask {
  return {
    ...task,
    ...(language ? { language } : {}),
    ...(page.api ? { api: page.api, description: page.description } : {}),
    ...(page.channel ? { channel: page.channel } : {}),
    ...(page.manualApi ? { manualApi: page.manualApi } : {}),
    ...(page.playground ? { playground: page.playground } : {}),
  };
}
