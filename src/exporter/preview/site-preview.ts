import { statSync } from "node:fs";
import {
  buildTailwindCss,
  needsTailwindStylesheet,
  tailwindUtilities,
} from "../custom/tailwind.ts";
import { emptyBody, type RenderedBody } from "../mdx/rendered-page.ts";
import type { Problem } from "../problems.ts";
import { bodyTaskOf, pageMarkdownFile } from "../render/page-renderer.ts";
import { decideAsset } from "../safety/asset-policy.ts";
import { isPageSource } from "../site/discover.ts";
import { pagePathOfFile } from "../site/paths.ts";
import {
  compileDestination,
  compileSource,
  fillDestination,
  matchedForm,
  matchSource,
} from "../site/redirect-pattern.ts";
import { RepoFileError } from "../site/repo-files.ts";
import { checkLinks, readPageIndex } from "../site/site-index.ts";
import { hashedPath } from "../theme/build-assets.ts";
import { linkPageStylesheet, renderNotFoundPage } from "../theme/layout.ts";
import { PREVIEW_QUIET_MS, PreviewSearch } from "./preview-search.ts";
import { type PreviewSettings, readSiteState, type SiteState, withPageMeta } from "./site-state.ts";

/** What a preview is given: the folder, and the export's settings that change pages (the export's defaults when absent). */
export type SitePreviewOptions = Omit<PreviewSettings, "deployment" | "components"> &
  Partial<Pick<PreviewSettings, "deployment" | "components">> & {
    /** Called when search has indexed every page's text (the first search starts it). */
    onSearchIndexed?: (pages: number, milliseconds: number) => void;
  };

/** One page of the preview: its document, its Markdown, and what is wrong with it. */
export interface PreviewPage {
  pagePath: string;
  /** The repository file of the page. */
  file: string;
  html: string;
  markdown: string;
  /** The page's problems: its render's (a snippet's among them) and its broken links. */
  problems: Problem[];
  /** The page failed to render: `html` shows its last good render, or an empty page. */
  failed: boolean;
}

/** What a batch of changed files asks of the open pages. */
export interface PreviewChange {
  /** The pages to show again, or every page (the navigation or the site's look changed). */
  reload: string[] | "all";
  /** A change of the configuration could not be read: the site stays as it was, with these problems. */
  problems: Problem[];
}

interface FileEffect {
  pages: string[];
  navigation: boolean;
}

interface RenderedPage {
  body: RenderedBody;
  /** The Tailwind stylesheet the page links, when its classes need one. */
  tailwind?: string;
}

/**
 * A site rendered from memory, one page at a time and only when asked: the writers' preview
 * (`quire dev`). It renders with the export's own steps (the same bodies, layout, assets and
 * search index) but writes nothing, and it knows which pages a changed file touches: the page
 * itself, the pages that import a snippet or show an image, or every page when the
 * configuration or the site's look changes.
 */
export class SitePreview {
  private readonly settings: PreviewSettings;
  private state: SiteState;
  private readonly rendered = new Map<string, RenderedPage>();
  /** Renders under way, by page. */
  private readonly inFlight = new Map<string, Promise<RenderedPage>>();
  /** The last render of each page without errors, shown while the page is broken. */
  private readonly lastGood = new Map<string, RenderedPage>();
  /** Files pages made as they rendered (components' modules, Tailwind stylesheets). */
  private readonly pageFiles = new Map<string, string | Buffer>();
  private readonly search: PreviewSearch;
  private readonly breadcrumbs = new WeakMap<
    SiteState["navigation"],
    Map<string, { breadcrumb: string[]; language?: string }>
  >();
  /** When a reader's request or a change last came: background work waits for a quiet moment. */
  private lastActivity = 0;
  /** Pages as last served, with the state of the site they were made from. */
  private readonly documents = new Map<string, { state: SiteState; page: PreviewPage }>();
  private configProblems: Problem[] = [];

  private constructor(
    settings: PreviewSettings,
    state: SiteState,
    onSearchIndexed?: SitePreviewOptions["onSearchIndexed"],
  ) {
    this.settings = settings;
    this.state = state;
    this.search = new PreviewSearch({
      pages: () => this.state.pages,
      breadcrumbOf: (pagePath) => this.searchFacts(pagePath).breadcrumb,
      languageOf: (pagePath) => this.searchFacts(pagePath).language,
      languages: () => this.state.navigation.languages.codes,
      sectionsOf: async (pagePath) => {
        const meta = this.state.pages.get(pagePath);
        if (!meta) return [];
        const { body } = await this.state.bodies.render(
          bodyTaskOf({ file: meta.file, pagePath }, meta, this.searchFacts(pagePath).language),
        );
        return body.sections;
      },
      isIdle: () => this.inFlight.size === 0 && Date.now() - this.lastActivity > PREVIEW_QUIET_MS,
      ...(onSearchIndexed ? { onIndexed: onSearchIndexed } : {}),
    });
  }

  static async open(options: SitePreviewOptions): Promise<SitePreview> {
    const { onSearchIndexed, ...rest } = options;
    const settings: PreviewSettings = {
      ...rest,
      deployment: options.deployment ?? "cloud",
      components: options.components ?? "interactive",
    };
    return new SitePreview(settings, await readSiteState(settings), onSearchIndexed);
  }

  /** Repository root (its real path). */
  get root(): string {
    return this.state.repo.root;
  }

  get pageCount(): number {
    return this.state.pages.size;
  }

  /** Problems of the site as a whole: its configuration and navigation. */
  siteProblems(): Problem[] {
    return [...this.configProblems, ...this.state.problems];
  }

  /** The page a URL path names (`/`, `/guides/intro`, `/guides/intro.html`, `/guides/`). */
  pageOfUrl(urlPath: string): string | undefined {
    const cleaned = urlPath.replace(/^\/+/, "").replace(/\.html$/, "");
    for (const candidate of [
      cleaned === "" ? "index" : cleaned.replace(/\/$/, ""),
      `${cleaned.replace(/\/$/, "")}/index`.replace(/^\//, ""),
    ]) {
      const meta = this.state.pages.get(candidate);
      if (meta && (meta.file || !meta.url)) return candidate;
    }
    return undefined;
  }

  /** A page, rendered now if it has not been since its last change. */
  async page(pagePath: string): Promise<PreviewPage | undefined> {
    this.lastActivity = Date.now();
    const known = this.documents.get(pagePath);
    if (known?.state === this.state) return known.page;
    const meta = this.state.pages.get(pagePath);
    if (!meta) return undefined;
    const state = this.state;
    const rendered = await this.render(pagePath);
    const problems = this.problemsOf(pagePath, rendered.body);
    // An error in the page or in a snippet it imports: the export would refuse the page.
    const failed = rendered.body.problems.some((problem) => problem.severity === "error");
    const shown = failed ? (this.lastGood.get(pagePath) ?? emptyPage()) : rendered;
    let html = this.state.document.render(meta, shown.body).html;
    if (shown.tailwind)
      html = linkPageStylesheet(
        Buffer.from(html),
        this.state.layout,
        pagePath,
        shown.tailwind,
      ).toString();
    const page: PreviewPage = {
      pagePath,
      file: meta.file,
      html,
      markdown: pageMarkdownFile(meta.title, meta.description, shown.body.markdown),
      problems,
      failed,
    };
    // Kept until the page or the site changes: the page is asked for again right after it is
    // rendered (the terminal's report, then the browser's reload).
    if (this.state === state && this.rendered.get(pagePath) === rendered)
      this.documents.set(pagePath, { state, page });
    return page;
  }

  /**
   * Where docs.json's redirects send a URL path that names no page (`/new/page#part`, or an
   * external URL), with the patterns the export follows; undefined when none matches.
   */
  redirectOf(urlPath: string): string | undefined {
    const requested = matchedForm(urlPath.replace(/\.html$/, "")) || "/";
    for (const redirect of this.state.config.redirects) {
      const source = compileSource(redirect.source === "index" ? "/" : `/${redirect.source}`);
      if (!source.ok) continue;
      const match = matchSource(source.value, requested);
      if (!match) continue;
      const destination = compileDestination(
        redirect.destination + (redirect.fragment ? `#${redirect.fragment}` : ""),
        source.value,
      );
      if (!destination.ok) continue;
      const filled = fillDestination(destination.value, match, { encode: true });
      const target = destination.value.external ? filled : `/${filled}`;
      return destination.value.fragment ? `${target}#${destination.value.fragment}` : target;
    }
    return undefined;
  }

  /** Ends what the preview runs besides the calling thread (its search index's thread). */
  async close(): Promise<void> {
    await this.search.close();
  }

  /** The site's 404 page. */
  notFoundPage(): string {
    return renderNotFoundPage(this.state.layout);
  }

  /**
   * A file of the site by its bundle path: the theme's and the site's, what rendered pages made,
   * the search index, and the repository files the configuration and the rendered pages use
   * (through the export's asset policy). Undefined when the export would not publish it.
   */
  async file(bundlePath: string): Promise<string | Buffer | undefined> {
    const made = this.state.generated.get(bundlePath) ?? this.pageFiles.get(bundlePath);
    if (made !== undefined) return made;
    if (bundlePath.startsWith("_quire/search/")) return await this.search.file(bundlePath);
    if (!this.isPublished(bundlePath)) return undefined;
    try {
      const decision = decideAsset(bundlePath, () => this.state.repo.readText(bundlePath));
      if (decision.action === "refuse") return undefined;
      if (decision.action === "write") return decision.content;
      return this.state.repo.readBytes(bundlePath, Number.MAX_SAFE_INTEGER);
    } catch (error) {
      if (error instanceof RepoFileError) return undefined;
      throw error;
    }
  }

  /**
   * Takes in changed repository files (created, edited or deleted): forgets what they touch,
   * re-reads the site when the configuration, the set of pages or the site's look changed, and
   * says which pages to show again. Pages are rendered again when next asked for.
   */
  async applyChanges(files: readonly string[]): Promise<PreviewChange> {
    this.lastActivity = Date.now();
    const reload = new Set<string>();
    let rereadSite = false;
    let navigationChanged = false;
    for (const file of files) {
      const effect = this.effectOf(file);
      if (effect === "site") rereadSite = true;
      else {
        for (const pagePath of effect.pages) reload.add(pagePath);
        if (effect.navigation) navigationChanged = true;
      }
    }
    if (rereadSite) {
      try {
        this.state = await readSiteState(this.settings);
        this.configProblems = [];
      } catch (error) {
        const problems = (error as { problems?: Problem[] }).problems;
        if (!Array.isArray(problems)) throw error;
        // The configuration is broken mid-edit: keep showing the site as it was.
        this.configProblems = problems;
        return { reload: "all", problems };
      }
      this.forgetAll();
      return { reload: "all", problems: [] };
    }
    for (const pagePath of reload) this.forget(pagePath);
    return { reload: navigationChanged ? "all" : [...reload], problems: [] };
  }

  /** The pages one changed file touches (and whether the navigation changed), or `site` when the site must be read again. */
  private effectOf(file: string): FileEffect | "site" {
    const state = this.state;
    if (!state.isListed(file) && !state.siteFiles.has(file))
      return { pages: [], navigation: false };
    if (state.siteFiles.has(file) || (/\.(css|js)$/i.test(file) && !isSnippet(file))) return "site";
    if (isPageSource(file)) return this.pageChanged(file);
    // A folder created, renamed or removed: the watcher names the folder, not the files in it.
    if (this.isFolder(file)) return "site";
    const users: string[] = [];
    for (const [pagePath, page] of this.rendered)
      if (page.body.dependencies.includes(file) || page.body.assets.includes(file))
        users.push(pagePath);
    return { pages: users, navigation: false };
  }

  /** Whether a changed path is a folder now, or was one holding pages. */
  private isFolder(file: string): boolean {
    try {
      if (statSync(this.state.repo.resolve(file)).isDirectory()) return true;
    } catch {
      // Gone (or outside the repository): a folder if pages were in it.
    }
    const inside = `${file}/`;
    for (const page of this.state.pages.values()) if (page.file.startsWith(inside)) return true;
    return false;
  }

  /** A page's source changed: the page, and every page's navigation when its frontmatter did. */
  private pageChanged(file: string): FileEffect | "site" {
    const pagePath = pagePathOfFile(file);
    const known = this.state.pages.get(pagePath);
    if (!known || known.file !== file) return "site";
    const problems: Problem[] = [];
    const meta = readPageIndex(this.state.repo, [file], problems, this.state.config.variables).get(
      pagePath,
    );
    // Gone, or tied to an API operation or channel (which the API reference resolves): read the site again.
    if (
      !meta ||
      known.api ||
      known.openapi ||
      meta.openapi ||
      known.channel ||
      known.asyncapi ||
      meta.asyncapi
    )
      return "site";
    const navigation = JSON.stringify(meta) !== JSON.stringify(known);
    if (navigation) this.state = withPageMeta(this.state, meta);
    return { pages: [pagePath], navigation };
  }

  /** The page's body, rendered once however many ask for it at the same time. */
  private render(pagePath: string): Promise<RenderedPage> {
    const existing = this.rendered.get(pagePath);
    if (existing) return Promise.resolve(existing);
    const running = this.inFlight.get(pagePath);
    if (running) return running;
    const pending: Promise<RenderedPage> = this.renderBody(pagePath).then(
      (page) => {
        // Kept only if no change made it stale while it rendered.
        if (this.inFlight.get(pagePath) === pending) {
          this.inFlight.delete(pagePath);
          this.rendered.set(pagePath, page);
          if (!page.body.problems.some((problem) => problem.severity === "error")) {
            this.lastGood.set(pagePath, page);
            this.search.record(pagePath, page.body.sections);
          }
        }
        return page;
      },
      (error: unknown) => {
        if (this.inFlight.get(pagePath) === pending) this.inFlight.delete(pagePath);
        throw error;
      },
    );
    this.inFlight.set(pagePath, pending);
    return pending;
  }

  private async renderBody(pagePath: string): Promise<RenderedPage> {
    const meta = this.state.pages.get(pagePath);
    if (!meta) throw new Error(`no page ${pagePath}`);
    const { body } = await this.state.bodies.render(
      bodyTaskOf({ file: meta.file, pagePath }, meta, this.searchFacts(pagePath).language),
    );
    const page: RenderedPage = { body };
    for (const module of body.islandModules ?? []) this.pageFiles.set(module.path, module.script);
    const tailwind = await this.tailwindStylesheet(body.classes ?? []);
    if (tailwind) page.tailwind = tailwind;
    return page;
  }

  /** The page's Tailwind utilities as a stylesheet of their own, when the page uses some. */
  private async tailwindStylesheet(classes: string[]): Promise<string | undefined> {
    if (classes.length === 0) return undefined;
    const utilities = await tailwindUtilities(classes, this.settings.cacheDir);
    if (!needsTailwindStylesheet(utilities)) return undefined;
    const css = await buildTailwindCss(utilities, this.settings.cacheDir);
    if (!css) return undefined;
    const file = hashedPath("_quire/tailwind", "css", css);
    this.pageFiles.set(file, css);
    return file;
  }

  /** The page's own problems and its broken links, at their file and line. */
  private problemsOf(pagePath: string, body: RenderedBody): Problem[] {
    const problems = [...body.problems];
    checkLinks(
      [{ pagePath, links: body.links }],
      this.state.pages,
      this.state.config.redirects,
      problems,
    );
    return problems;
  }

  /**
   * A page's breadcrumb and language, worked out once per navigation (search asks for every
   * page's).
   */
  private searchFacts(pagePath: string): { breadcrumb: string[]; language?: string } {
    let known = this.breadcrumbs.get(this.state.navigation);
    if (!known) {
      known = new Map();
      this.breadcrumbs.set(this.state.navigation, known);
    }
    let facts = known.get(pagePath);
    if (!facts) {
      const view = this.state.navigation.view(pagePath);
      facts = {
        breadcrumb: view.breadcrumb,
        ...(view.language ? { language: view.language } : {}),
      };
      known.set(pagePath, facts);
    }
    return facts;
  }

  private isPublished(file: string): boolean {
    if (this.state.siteAssets.has(file)) return true;
    for (const page of this.rendered.values()) if (page.body.assets.includes(file)) return true;
    return false;
  }

  private forget(pagePath: string): void {
    this.rendered.delete(pagePath);
    this.inFlight.delete(pagePath);
    this.documents.delete(pagePath);
    this.search.forget(pagePath);
  }

  private forgetAll(): void {
    this.rendered.clear();
    this.inFlight.clear();
    this.lastGood.clear();
    this.pageFiles.clear();
    this.documents.clear();
    this.search.reset();
  }
}

function isSnippet(file: string): boolean {
  return file.startsWith("snippets/") || file.includes("/snippets/");
}

function emptyPage(): RenderedPage {
  return { body: emptyBody() };
}
