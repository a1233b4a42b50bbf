import { existsSync } from "node:fs";
import path from "node:path";
import {
  type ApiKeyInfo,
  findApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from "../db/api-keys.ts";
import type { Db } from "../db/database.ts";
import { findOrganization, insertOrganization, listOrganizations } from "../db/organizations.ts";
import {
  domainTaken,
  findProject,
  findProjectById,
  insertProject,
  listProjects,
  toProject,
  updateProject,
} from "../db/projects.ts";
import { generateApiKey, hashApiKey, isWellFormedApiKey, sameDigest } from "../domain/api-key.ts";
import { ConfigError, FieldError, QuireError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
  COMPONENT_MODES,
  type ComponentMode,
  type Deployment,
  type Forge,
  isRemoteRepository,
  normalizeDomain,
  type Organization,
  type Plan,
  type Project,
} from "../domain/project.ts";
import { sealSecret } from "../domain/secret-box.ts";

export interface NewProject {
  orgId: string;
  name: string;
  domain: string;
  repository: string;
  ref?: string | null;
  plan?: Plan;
  deployment?: Deployment;
  forge?: Forge | null;
  forgeApiUrl?: string | null;
  forgeToken?: string | null;
  /** Open the agent's pull requests as drafts. */
  pullRequestDraft?: boolean;
  /** What a static export does with the repository's React components; `interactive` by default. */
  customComponents?: ComponentMode;
  /** Keep the API playground in air-gapped exports; false by default. */
  airGappedPlayground?: boolean;
  /** Exports offer readers the assistant of `quire serve`; false by default. */
  serveAssistant?: boolean;
  /**
   * Whether the repository may be a folder on the server (or a file:// URL). The operator's
   * command line may; the dashboard may not, so an organization's admin cannot export the
   * server's own files or another organization's local repository.
   */
  allowLocalRepository?: boolean;
}

/** The caller of an authenticated request. */
export interface Principal {
  keyId: string;
  orgId: string;
}

/** How often a key's "last used" time is written: not on every request. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Organizations, projects and API keys: the rules behind `quire orgs|projects|keys`, the
 * dashboard and authentication. Every rule lives here once.
 */
export class AdminService {
  readonly #db: Db;
  readonly #forgeTokenKey: Buffer;
  readonly #lastTouched = new Map<string, number>();

  constructor(db: Db, forgeTokenKey: Buffer) {
    this.#db = db;
    this.#forgeTokenKey = forgeTokenKey;
  }

  async createOrganization(name: string): Promise<Organization> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200)
      throw new ConfigError("--name must be 1 to 200 characters");
    return insertOrganization(this.#db, {
      id: newId("org"),
      name: trimmed,
      created_at: new Date().toISOString(),
    });
  }

  listOrganizations(): Promise<Organization[]> {
    return listOrganizations(this.#db);
  }

  async getOrganization(id: string): Promise<Organization> {
    const organization = await findOrganization(this.#db, id);
    if (!organization)
      throw new ConfigError(`no organization "${id}" (quire orgs list shows them)`);
    return organization;
  }

  async createProject(input: NewProject): Promise<Project> {
    await this.getOrganization(input.orgId);
    const checked = checkProjectInput(input);
    return this.#db.transaction().execute(async (trx) => {
      if (await domainTaken(trx, checked.domain)) throw domainTakenError(checked.domain);
      const now = new Date().toISOString();
      return insertProject(trx, {
        id: newId("proj"),
        org_id: input.orgId,
        name: checked.name,
        domain: checked.domain,
        repository: checked.repository,
        ref: input.ref ?? null,
        plan: input.plan ?? "enterprise",
        deployment: input.deployment ?? "cloud",
        forge: input.forge ?? null,
        forge_api_url: input.forgeApiUrl ?? null,
        forge_token_sealed: input.forgeToken
          ? sealSecret(this.#forgeTokenKey, input.forgeToken)
          : null,
        pull_request_draft: input.pullRequestDraft ? 1 : 0,
        custom_components: input.customComponents ?? "interactive",
        air_gapped_playground: input.airGappedPlayground ? 1 : 0,
        serve_assistant: input.serveAssistant ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    });
  }

  /**
   * Changes a project of an organization (the dashboard's project settings). The same checks as
   * `createProject`; `forgeToken` undefined keeps the stored token, null removes it;
   * `customComponents`, `airGappedPlayground` and `serveAssistant` undefined keep the current
   * setting.
   */
  async updateProject(
    orgId: string,
    projectId: string,
    input: Omit<NewProject, "orgId" | "forgeToken"> & { forgeToken?: string | null },
  ): Promise<Project> {
    return this.#db.transaction().execute(async (trx) => {
      const current = await findProject(trx, orgId, projectId);
      if (!current)
        throw new QuireError(
          "QUIRE_ERR_PROJECT_NOT_FOUND",
          `no project "${projectId}" in this organization`,
        );
      // A folder the operator set stays allowed as long as it is not changed.
      const checked = checkProjectInput({
        ...input,
        allowLocalRepository:
          input.allowLocalRepository !== false || input.repository.trim() === current.repository,
      });
      if (checked.domain !== current.domain && (await domainTaken(trx, checked.domain)))
        throw domainTakenError(checked.domain);
      const updated = await updateProject(trx, projectId, {
        name: checked.name,
        domain: checked.domain,
        repository: checked.repository,
        ref: input.ref ?? null,
        plan: input.plan ?? current.plan,
        deployment: input.deployment ?? current.deployment,
        forge: input.forge ?? null,
        forge_api_url: input.forgeApiUrl ?? null,
        ...(input.forgeToken === undefined
          ? {}
          : {
              forge_token_sealed: input.forgeToken
                ? sealSecret(this.#forgeTokenKey, input.forgeToken)
                : null,
            }),
        pull_request_draft: input.pullRequestDraft ? 1 : 0,
        custom_components: input.customComponents ?? current.customComponents,
        air_gapped_playground: (input.airGappedPlayground ?? current.airGappedPlayground) ? 1 : 0,
        serve_assistant: (input.serveAssistant ?? current.serveAssistant) ? 1 : 0,
        updated_at: new Date().toISOString(),
      });
      return updated as Project;
    });
  }

  listProjects(orgId?: string): Promise<Project[]> {
    return listProjects(this.#db, orgId);
  }

  async getProject(id: string): Promise<Project> {
    const row = await findProjectById(this.#db, id);
    if (!row) throw new ConfigError(`no project "${id}" (quire projects list shows them)`);
    return toProject(row);
  }

  /** A new key for an organization: the whole key is in the result and nowhere else. */
  async createApiKey(orgId: string, name?: string): Promise<ApiKeyInfo & { key: string }> {
    await this.getOrganization(orgId);
    const generated = generateApiKey();
    const info = await insertApiKey(this.#db, {
      id: newId("key"),
      org_id: orgId,
      name: name?.trim() || "API key",
      visible_prefix: generated.visiblePrefix,
      key_hash: generated.hash,
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    return { ...info, key: generated.key };
  }

  listApiKeys(orgId?: string): Promise<ApiKeyInfo[]> {
    return listApiKeys(this.#db, orgId);
  }

  /** Revokes a key; with `orgId`, only a key of that organization (another's is not found). */
  async revokeApiKey(id: string, orgId?: string): Promise<ApiKeyInfo> {
    const key = await findApiKey(this.#db, id);
    if (orgId !== undefined && key?.orgId !== orgId)
      throw new QuireError(
        "QUIRE_ERR_API_KEY_NOT_FOUND",
        `no API key "${id}" in this organization`,
      );
    if (!key) throw new ConfigError(`no API key "${id}" (quire keys list shows them)`);
    await revokeApiKey(this.#db, id, new Date().toISOString());
    return (await findApiKey(this.#db, id)) as ApiKeyInfo;
  }

  /** The organization a key belongs to, or null for a malformed, unknown or revoked key. */
  async authenticate(key: string): Promise<Principal | null> {
    if (!isWellFormedApiKey(key)) return null;
    const hash = hashApiKey(key);
    const row = await findApiKeyByHash(this.#db, hash);
    if (!row || !sameDigest(row.key_hash, hash) || row.revoked_at !== null) return null;
    const now = Date.now();
    if (now - (this.#lastTouched.get(row.id) ?? 0) >= LAST_USED_PRECISION_MS) {
      this.#lastTouched.set(row.id, now);
      await touchApiKey(this.#db, row.id, new Date(now).toISOString());
    }
    return { keyId: row.id, orgId: row.org_id };
  }
}

/** The command-line flag of each project field, for messages that name it as the CLI does. */
const PROJECT_FLAGS: Record<string, string> = {
  name: "--name",
  domain: "--domain",
  repository: "--repo",
  ref: "--ref",
  forgeApiUrl: "--forge-api-url",
  customComponents: "--components",
};

function invalid(field: string, problem: string, separator = " "): FieldError {
  return new FieldError(field, `${PROJECT_FLAGS[field]}${separator}${problem}`, problem);
}

function domainTakenError(domain: string): FieldError {
  return new FieldError(
    "domain",
    `the domain ${domain} already belongs to a project: each domain names one project`,
    `${domain} already belongs to a project: each domain names one project`,
  );
}

/** The checks every new or changed project passes; returns the normalized values. */
function checkProjectInput(
  input: Pick<
    NewProject,
    | "name"
    | "domain"
    | "repository"
    | "ref"
    | "forgeApiUrl"
    | "customComponents"
    | "allowLocalRepository"
  >,
): { name: string; domain: string; repository: string } {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw invalid("name", "must be 1 to 200 characters");
  const domain = normalizeDomain(input.domain);
  if (!domain)
    throw invalid("domain", `must be a host name such as docs.example.com, not "${input.domain}"`);
  const given = input.repository.trim();
  if (given.length === 0) throw invalid("repository", "must be a repository URL or a folder");
  const remote = isRemoteRepository(given);
  if (input.allowLocalRepository === false && (!remote || /^file:/i.test(given)))
    throw invalid(
      "repository",
      "must be a clone URL (https://, ssh:// or git@host:path): folders on the server are set with quire projects create",
    );
  // A folder is stored absolute: the server may run from another directory than this command.
  const repository = remote ? given : path.resolve(given);
  if (!remote && !existsSync(repository))
    throw invalid("repository", `the folder ${repository} does not exist`, ": ");
  if (input.ref !== undefined && input.ref !== null && !isSafeRef(input.ref))
    throw invalid("ref", `must be a branch name, not "${input.ref}"`);
  if (input.forgeApiUrl && !/^https?:\/\//.test(input.forgeApiUrl))
    throw invalid("forgeApiUrl", `must be an http(s) URL, not "${input.forgeApiUrl}"`);
  if (
    input.customComponents !== undefined &&
    !(COMPONENT_MODES as readonly string[]).includes(input.customComponents)
  )
    throw invalid(
      "customComponents",
      `must be one of ${COMPONENT_MODES.join(", ")}, not "${input.customComponents}"`,
    );
  return { name, domain, repository };
}

/** A branch name git accepts and that cannot be read as an option. */
export function isSafeRef(ref: string): boolean {
  return (
    /^[A-Za-z0-9._/-]{1,200}$/.test(ref) &&
    !ref.startsWith("-") &&
    !ref.startsWith("/") &&
    !ref.includes("..") &&
    !ref.endsWith(".lock") &&
    !ref.endsWith("/")
  );
}
