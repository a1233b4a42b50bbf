import {
  type Forge,
  ForgeError,
  type ForgeKind,
  type ForgeOptions,
  type ForgeSettings,
} from "./forge.ts";
import { GiteaForge } from "./gitea.ts";
import { GitHubForge } from "./github.ts";
import { GitLabForge } from "./gitlab.ts";
import { defaultApiUrl, repositoryPath } from "./repository-url.ts";

export {
  type Forge,
  ForgeError,
  type ForgeKind,
  type ForgeOptions,
  type ForgeSettings,
  type OpenPullRequest,
  type PullRequest,
} from "./forge.ts";
export { defaultApiUrl, repositoryPath } from "./repository-url.ts";

/**
 * The forge a project's pull requests are opened on. Reads the repository path and the API root
 * from the settings at once, so a bad URL fails here (a `ForgeError`) rather than mid-job.
 */
export function createForge(settings: ForgeSettings, options: ForgeOptions = {}): Forge {
  const kind: ForgeKind = settings.kind;
  if (kind !== "github" && kind !== "gitlab" && kind !== "gitea")
    throw new ForgeError(`unknown forge "${String(kind)}": use github, gitlab or gitea`, null);
  const apiUrl = defaultApiUrl(kind, settings.repository, settings.apiUrl);
  const resolved = {
    repository: repositoryPath(settings.repository, kind, apiUrl),
    apiUrl,
    token: settings.token,
  };
  switch (kind) {
    case "github":
      return new GitHubForge(resolved, options);
    case "gitlab":
      return new GitLabForge(resolved, options);
    case "gitea":
      return new GiteaForge(resolved, options);
  }
}
