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
  options: { deployment?: DeploymentType; pagePath?: string } = {},
): Promise<RenderedBody> {
  const root = makeRepo(files);
  return renderBody({
    file,
    pagePath: options.pagePath ?? file.replace(/\.(mdx|md)$/, ""),
    environment: {
      repo: new RepoFiles(root),
      deployment: options.deployment ?? "cloud",
      pageExists: () => true,
      icon: (name, iconOptions) => resolveIcon(name, iconOptions, "fontawesome"),
    },
  });
}
