import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import type { ApiPagesSetup } from "../api-pages.ts";
import { type CodeThemes, useCodeThemes } from "../code/highlighter.ts";
import { collectSourceCandidates } from "../custom/tailwind.ts";
import type { ComponentMode } from "../export-options.ts";
import { resolveIcon } from "../icons/index.ts";
import type { BrowserModule } from "../mdx/custom-components.ts";
import type { PageEnvironment } from "../mdx/page-context.ts";
import type { RenderedBody } from "../mdx/rendered-page.ts";
import { MAX_SPEC_BYTES } from "../openapi/types.ts";
import type { ApiPageRef, ChannelPageRef } from "../site/page-index.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType } from "../site/types.ts";
import { BodyCache } from "./body-cache.ts";

export interface BodyRendererSetup {
  repo: RepoFiles;
  /** Every page path of the site: links resolve against it (`/x` → `x/index`). */
  pagePaths: readonly string[];
  deployment: DeploymentType;
  iconLibrary: "fontawesome" | "lucide";
  /** The engine's fingerprint, part of every cache key. */
  engine: string;
  /** Where rendered bodies are cached; no cache when absent. */
  cacheDir?: string;
  /** How API reference pages render; pages tied to an operation need it. */
  api?: ApiPagesSetup;
  /** Repository React components; `static` when absent. */
  components?: ComponentMode;
  /** docs.json `variables`, put in place of `{{name}}` in pages and snippets. */
  variables?: Readonly<Record<string, string>>;
  /** Shiki themes docs.json `styling.codeblocks` names; Quire's pair when absent. */
  codeThemes?: CodeThemes;
  /** Pages are written as `<path>/index.html`: links between pages are made for that. */
  cleanUrls?: boolean;
}

/** A page to render: its source file and path, and for an API reference page its operation. */
export interface BodyTask {
  file: string;
  pagePath: string;
  api?: ApiPageRef;
  /** The AsyncAPI channel a WebSocket reference page documents. */
  channel?: ChannelPageRef;
  /** The text the page header already shows (an API page does not repeat it). */
  description?: string;
  /** An endpoint the page documents by hand (`api` frontmatter). */
  manualApi?: { method: string; url: string };
  /** The page's own `playground` frontmatter. */
  playground?: "interactive" | "simple" | "none";
  /** The docs.json code of the page's language (its components' labels); English when absent. */
  language?: string;
}

/**
 * Renders page bodies (content without layout), from the cache when the page, its snippets
 * and the site's page list are unchanged. The export's page renderer and the site validation
 * share it, so both see exactly the same problems for a page.
 */
export class BodyRenderer {
  private readonly setup: BodyRendererSetup;
  private readonly environment: PageEnvironment;
  private readonly cache?: BodyCache;
  /** Which pages exist decides how links resolve, so it is part of every cache key. */
  private readonly pagesFingerprint: string;
  private readonly specDigests = new Map<string, string>();
  private apiSettingsDigest?: string;
  /** Class-name candidates of each component module, by content key: a snippet serves many pages. */
  private readonly moduleCandidates = new Map<string, string[]>();

  constructor(setup: BodyRendererSetup) {
    this.setup = setup;
    const pages = new Set(setup.pagePaths);
    this.environment = {
      repo: setup.repo,
      deployment: setup.deployment,
      pageExists: (pagePath) => pages.has(pagePath),
      icon: (name, options) => resolveIcon(name, options, setup.iconLibrary),
      customComponents: setup.components ?? "static",
      ...(setup.variables ? { variables: setup.variables } : {}),
      ...(setup.cleanUrls ? { cleanUrls: true } : {}),
    };
    if (setup.cacheDir) this.cache = new BodyCache(setup.cacheDir, setup.repo);
    useCodeThemes(setup.codeThemes);
    this.pagesFingerprint = createHash("sha256")
      .update([...setup.pagePaths].sort().join("\n"))
      .digest("hex");
  }

  async render(task: BodyTask): Promise<{ body: RenderedBody; fromCache: boolean }> {
    let key: string | undefined;
    // A page's bytes, read once for its cache key and, on a miss, for its render.
    let bytes: Buffer | undefined;
    if (this.cache) {
      let source: string | Buffer;
      try {
        source = this.sourceForKey(task);
      } catch {
        return { body: await this.renderFresh(task), fromCache: false };
      }
      if (typeof source !== "string") bytes = source;
      key = this.cache.key([
        this.setup.engine,
        this.pagesFingerprint,
        this.setup.deployment,
        this.setup.iconLibrary,
        this.setup.components ?? "static",
        ...(this.setup.variables ? [JSON.stringify(this.setup.variables)] : []),
        ...(this.setup.codeThemes ? [JSON.stringify(this.setup.codeThemes)] : []),
        ...(this.setup.cleanUrls ? ["clean-urls"] : []),
        task.file,
        task.pagePath,
        // Only when given: an English page's key, and so its cached body, stays as it was.
        ...(task.language ? [`language:${task.language}`] : []),
        source,
        ...(task.api || task.manualApi || task.channel
          ? [
              JSON.stringify([task.api, task.manualApi, task.playground, task.channel]),
              this.setup.api?.channels[task.pagePath]?.digest ?? "",
              task.description ?? "",
              this.apiFingerprint(),
            ]
          : []),
      ]);
      const cached = this.cache.read(key);
      if (cached) return { body: cached, fromCache: true };
    }
    const body = await this.renderFresh(task, bytes);
    // Components that run in the page may switch to classes their first render did not show.
    if (body.islandModules) {
      const classes = new Set(body.classes);
      for (const module of body.islandModules)
        for (const name of this.candidatesOf(module)) classes.add(name);
      body.classes = [...classes].sort();
    }
    const cacheable = !body.problems.some((problem) => problem.severity === "error");
    if (this.cache && key && cacheable) this.cache.write(key, body);
    return { body, fromCache: false };
  }

  private candidatesOf(module: BrowserModule): string[] {
    let candidates = this.moduleCandidates.get(module.key);
    if (!candidates) {
      candidates = collectSourceCandidates(module.script);
      this.moduleCandidates.set(module.key, candidates);
    }
    return candidates;
  }

  /** The MDX pipeline (unified, Shiki, KaTeX) loads on the first page not in the cache. */
  private async renderFresh(task: BodyTask, bytes?: Buffer): Promise<RenderedBody> {
    const { renderBody } = await loadRenderBody();
    const input = {
      file: task.file,
      pagePath: task.pagePath,
      environment: this.environment,
      ...(task.language ? { language: task.language } : {}),
      ...(bytes ? { bytes } : {}),
    };
    if (task.channel && this.setup.api) {
      const { appendChannel } = await import("../asyncapi/render-channel-page.ts");
      return renderBody({
        ...input,
        ...(isPageSource(task.file) ? {} : { text: "" }),
        append: appendChannel(task.channel, task.pagePath, this.setup.api),
      });
    }
    if ((!task.api && !task.manualApi) || !this.setup.api) return renderBody(input);
    const { appendOperation, pagePlaygroundMode } = await import("../openapi/render-api-page.ts");
    if (!task.api && task.manualApi) {
      const { prependManualEndpoint } = await import("../openapi/manual-endpoint.ts");
      const interactive = pagePlaygroundMode(this.setup.api, task.playground) === "interactive";
      return renderBody({
        ...input,
        append: prependManualEndpoint(task.manualApi, this.setup.api.settings, interactive),
      });
    }
    if (!task.api) return renderBody(input);
    return renderBody({
      ...input,
      // A generated page has no source of its own: its file is the specification.
      ...(isPageSource(task.file) ? {} : { text: "" }),
      append: appendOperation(
        task.api,
        this.setup.api,
        this.setup.repo,
        task.description,
        task.playground,
      ),
    });
  }

  /**
   * The page's source for its cache key: a page's own file as bytes (its render reuses them).
   * A generated API page's file is its specification, which hundreds of pages share: its
   * digest is computed once per version of the file.
   */
  private sourceForKey(task: BodyTask): string | Buffer {
    if (isPageSource(task.file)) return this.setup.repo.readBytes(task.file);
    if (/^https?:\/\//i.test(task.file))
      return createHash("sha256")
        .update(this.setup.api?.remoteSpecs[task.file] ?? "")
        .digest("hex");
    const stats = statSync(this.setup.repo.resolve(task.file));
    const version = `${task.file}\0${stats.size}\0${stats.mtimeMs}`;
    let digest = this.specDigests.get(version);
    if (!digest) {
      digest = createHash("sha256")
        .update(this.setup.repo.readBytes(task.file, MAX_SPEC_BYTES))
        .digest("hex");
      this.specDigests.set(version, digest);
    }
    return digest;
  }

  private apiFingerprint(): string {
    this.apiSettingsDigest ??= createHash("sha256")
      .update(
        JSON.stringify({
          settings: this.setup.api?.settings,
          playground: this.setup.api?.playground,
        }),
      )
      .digest("hex");
    return this.apiSettingsDigest;
  }
}

let renderBodyModule: Promise<typeof import("./render-body.ts")> | undefined;

/**
 * The MDX pipeline's module, imported once per thread: a dynamic `import()` of a module already
 * loaded still resolves its specifier and looks it up again, on every page.
 */
function loadRenderBody(): Promise<typeof import("./render-body.ts")> {
  renderBodyModule ??= import("./render-body.ts");
  return renderBodyModule;
}

function isPageSource(file: string): boolean {
  return /\.mdx?$/i.test(file);
}
