import { ConfigError } from "./errors.ts";

/**
 * What a project's static exports do with the repository's own React components: `interactive`
 * renders them and makes them work in the page, `static` keeps the rendered HTML only, `off`
 * leaves an empty placeholder. The exporter's option of the same name takes these values (the
 * export job hands one to the other, so a mode missing there fails to type-check).
 */
export const COMPONENT_MODES = ["interactive", "static", "off"] as const;
export type ComponentMode = (typeof COMPONENT_MODES)[number];

export const PLANS = ["free", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const DEPLOYMENTS = ["cloud", "client-hosted", "air-gapped"] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

export const FORGES = ["github", "gitlab", "gitea"] as const;
export type Forge = (typeof FORGES)[number];

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

export interface Project {
  id: string;
  orgId: string;
  name: string;
  /** Normalized: lowercase host name, no scheme, no path. */
  domain: string;
  /** A clone URL (https, ssh, git, file) or a local folder. */
  repository: string;
  /** The project's branch; null means the repository's default branch. */
  ref: string | null;
  plan: Plan;
  deployment: Deployment;
  forge: Forge | null;
  forgeApiUrl: string | null;
  /** True when a forge token is stored (encrypted); the token itself never leaves storage. */
  hasForgeToken: boolean;
  /** The agent opens its pull requests as drafts. */
  pullRequestDraft: boolean;
  /**
   * What a static export does with the repository's own React components: `interactive`
   * renders them and makes them work in the page, `static` keeps the rendered HTML only, `off`
   * leaves an empty placeholder.
   */
  customComponents: ComponentMode;
  /**
   * An air-gapped export keeps the API playground ("Try it"), otherwise left out there
   * (docs/deployment-types.md). No effect on cloud and client-hosted exports, which keep it.
   */
  airGappedPlayground: boolean;
  /**
   * Exports offer readers the assistant of `quire serve` ("Ask AI", `--assistant same-origin`):
   * it answers when the serving side has a model (docs/deployment-types.md). Off by default.
   */
  serveAssistant: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The admin API's route of the readers' assistant of cloud projects (http/routes/assistant.ts). */
export const CLOUD_ASSISTANT_PREFIX = "/v1/assistant";

/** Where the exported pages of a cloud project send questions, relative to the API's public URL. */
export function cloudAssistantPath(projectId: string): string {
  return `${CLOUD_ASSISTANT_PREFIX}/${encodeURIComponent(projectId)}`;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A documentation domain as the API compares it: `https://Docs.Example.com/` and
 * `docs.example.com` are the same domain. Returns null when it is not a host name.
 */
export function normalizeDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/\/+$/, "");
  if (value.length === 0 || value.length > 253 || value.includes("/")) return null;
  const [host, port, ...rest] = value.split(":");
  if (rest.length > 0 || host === undefined) return null;
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return null;
  return host.split(".").every((label) => HOST_LABEL.test(label)) ? value : null;
}

/** Checks a choice from a fixed list, naming the option in the error. */
export function oneOf<T extends string>(choices: readonly T[], value: string, name: string): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${choices.join(", ")}, not "${value}"`);
}

/** Checks a custom components mode (`interactive`, `static`, `off`), naming the option in the error. */
export function componentMode(value: string, name = "--components"): ComponentMode {
  return oneOf<ComponentMode>(COMPONENT_MODES, value, name);
}

/** Static export is an enterprise feature (docs/api.md). */
export function canExport(project: Pick<Project, "plan">): boolean {
  return project.plan === "enterprise";
}

/** True for a clone URL (`https://`, `ssh://`, `git://`, `file://`, `user@host:path`), false for a folder. */
export function isRemoteRepository(repository: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repository) || /^[\w.-]+@[\w.-]+:/.test(repository);
}
