import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { RenderedBody, SearchSection } from "../mdx/rendered-page.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { Problem } from "../problems.ts";
import { pageOutputFile } from "../site/paths.ts";
import { RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType } from "../site/types.ts";
import { createPageDocumentRenderer, type PageDocumentRenderer } from "./page-document.ts";
import type { SiteLayoutData } from "../theme/layout-types.ts";
import { prepareCompressedEntry } from "../output/archive.ts";
import type { ApiRenderSetup } from "../openapi/render-api-page.ts";
import { type BodyTask, BodyRenderer } from "./body-renderer.ts";

/** Everything a renderer (in the main thread or a worker) needs; plain data, so it can cross threads. */
export interface RendererSetup {
  sourceDir: string;
  outputDir: string;
  /** Where rendered bodies are cached; no cache when absent. */
  cacheDir?: string;
  /** Where compressed archive entries are cached: pages are prepared here as they are written. */
  archiveCacheDir?: string;
  deployment: DeploymentType;
  engine: string;
  layout: SiteLayoutData;
  /** How API reference pages render, when the site has any. */
  api?: ApiRenderSetup;
}

export interface PageTask {
  file: string;
  pagePath: string;
}

/** What the export keeps of a rendered page once its files are written. */
export interface PageOutcome {
  pagePath: string;
  problems: Problem[];
  sections: SearchSection[];
  markdown: string;
  assets: string[];
  links: RenderedBody["links"];
  features: RenderedBody["features"];
  /** Class names in the page body: the export generates the Tailwind utilities among them. */
  classes: string[];
  fromCache: boolean;
  /** Bundle files of this page whose compressed archive entries are ready: file → cache key. */
  archiveEntries: [string, string][];
}

/**
 * Renders pages to files: body (from cache when unchanged), then layout, then writes
 * `<path>.html` and `<path>.md` into the output folder. One instance per thread.
 */
export class PageRenderer {
  private readonly setup: RendererSetup;
  private readonly bodies: BodyRenderer;
  private readonly document: PageDocumentRenderer;

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
    });
    this.document = createPageDocumentRenderer(setup.layout);
  }

  async render(task: PageTask): Promise<PageOutcome> {
    const page = this.setup.layout.pages[task.pagePath];
    const { body, fromCache } = await this.bodies.render(page ? bodyTaskOf(task, page) : task);
    const hasErrors = body.problems.some((problem) => problem.severity === "error");
    const archiveEntries: [string, string][] = [];
    if (page && !hasErrors) {
      const htmlFile = pageOutputFile(task.pagePath);
      const files: [string, Buffer][] = [
        [htmlFile, Buffer.from(this.document.render(page, body))],
        [htmlFile.replace(/\.html$/, ".md"), Buffer.from(pageMarkdownFile(page.title, page.description, body.markdown))],
      ];
      mkdirSync(path.dirname(path.join(this.setup.outputDir, htmlFile)), { recursive: true });
      for (const [file, content] of files) {
        writeFileSync(path.join(this.setup.outputDir, file), content);
        if (this.setup.archiveCacheDir) archiveEntries.push([file, await prepareCompressedEntry(this.setup.archiveCacheDir, file, content)]);
      }
    }
    return {
      pagePath: task.pagePath,
      problems: body.problems,
      sections: body.sections,
      markdown: body.markdown,
      assets: body.assets,
      links: body.links,
      features: body.features,
      classes: body.classes ?? [],
      fromCache,
      archiveEntries,
    };
  }
}

/** The `<path>.md` beside each page: title, description, then the page's Markdown. */
export function pageMarkdownFile(title: string, description: string | undefined, markdown: string): string {
  const parts = [`# ${title}`];
  if (description) parts.push(`> ${description}`);
  if (markdown) parts.push(markdown);
  return `${parts.join("\n\n")}\n`;
}

/** What the body of a page needs from its metadata: the operation or endpoint it documents. */
export function bodyTaskOf(task: PageTask, page: PageMeta): BodyTask {
  return {
    ...task,
    ...(page.api ? { api: page.api, description: page.description } : {}),
    ...(page.manualApi ? { manualApi: page.manualApi } : {}),
    ...(page.playground ? { playground: page.playground } : {}),
  };
}
