import { createHash } from "node:crypto";
import { resolveIcon } from "../icons/index.ts";
import type { PageEnvironment } from "../mdx/page-context.ts";
import type { RenderedBody } from "../mdx/rendered-page.ts";
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

  constructor(setup: BodyRendererSetup) {
    this.setup = setup;
    const pages = new Set(setup.pagePaths);
    this.environment = {
      repo: setup.repo,
      deployment: setup.deployment,
      pageExists: (pagePath) => pages.has(pagePath),
      icon: (name, options) => resolveIcon(name, options, setup.iconLibrary),
    };
    if (setup.cacheDir) this.cache = new BodyCache(setup.cacheDir, setup.repo);
    this.pagesFingerprint = createHash("sha256")
      .update([...setup.pagePaths].sort().join("\n"))
      .digest("hex");
  }

  async render(task: {
    file: string;
    pagePath: string;
  }): Promise<{ body: RenderedBody; fromCache: boolean }> {
    let key: string | undefined;
    if (this.cache) {
      let source: Buffer;
      try {
        source = this.setup.repo.readBytes(task.file);
      } catch {
        return { body: await this.renderFresh(task), fromCache: false };
      }
      key = this.cache.key([
        this.setup.engine,
        this.pagesFingerprint,
        this.setup.deployment,
        this.setup.iconLibrary,
        task.file,
        task.pagePath,
        source.toString("latin1"),
      ]);
      const cached = this.cache.read(key);
      if (cached) return { body: cached, fromCache: true };
    }
    const body = await this.renderFresh(task);
    const cacheable = !body.problems.some((problem) => problem.severity === "error");
    if (this.cache && key && cacheable) this.cache.write(key, body);
    return { body, fromCache: false };
  }

  /** The MDX pipeline (unified, Shiki, KaTeX) loads on the first page not in the cache. */
  private async renderFresh(task: { file: string; pagePath: string }): Promise<RenderedBody> {
    const { renderBody } = await import("../mdx/render-body.ts");
    return renderBody({ file: task.file, pagePath: task.pagePath, environment: this.environment });
  }
}
