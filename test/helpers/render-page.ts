import type { ComponentMode } from "../../src/exporter/export-options.ts";
import { resolveIcon } from "../../src/exporter/icons/index.ts";
import type { RenderedBody } from "../../src/exporter/mdx/rendered-page.ts";
import { renderBody } from "../../src/exporter/render/render-body.ts";
import { RepoFiles } from "../../src/exporter/site/repo-files.ts";
import type { DeploymentType } from "../../src/exporter/site/types.ts";
import { makeRepo, type RepoEntry } from "./temp-repo.ts";

/** Renders one page of a repository made of `files`, as the exporter would. */
export async function renderPage(
  files: Record<string, RepoEntry>,
  file = "index.mdx",
  options: {
    deployment?: DeploymentType;
    pagePath?: string;
    /** The site's pages (links resolve against them); every path is a page when absent. */
    pages?: readonly string[];
    /** docs.json `variables`. */
    variables?: Record<string, string>;
    /** What runs of the repository's code (`static` when absent). */
    components?: ComponentMode;
    /** The docs.json code of the page's language (English when absent). */
    language?: string;
  } = {},
): Promise<RenderedBody> {
  const root = makeRepo(files);
  const pages = options.pages ? new Set(options.pages) : undefined;
  return renderBody({
    file,
    pagePath: options.pagePath ?? file.replace(/\.(mdx|md)$/, ""),
    ...(options.language ? { language: options.language } : {}),
    environment: {
      repo: new RepoFiles(root),
      deployment: options.deployment ?? "cloud",
      ...(options.variables ? { variables: options.variables } : {}),
      ...(options.components ? { customComponents: options.components } : {}),
      pageExists: (pagePath) => pages?.has(pagePath) ?? true,
      icon: (name, iconOptions) => resolveIcon(name, iconOptions, "fontawesome"),
    },
  });
}
