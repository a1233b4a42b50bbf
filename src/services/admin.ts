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
  findProjectById,
  insertProject,
  listProjects,
  toProject,
} from "../db/projects.ts";
import { generateApiKey, hashApiKey, isWellFormedApiKey, sameDigest } from "../domain/api-key.ts";
import { ConfigError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
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
    const name = input.name.trim();
    if (name.length === 0 || name.length > 200)
      throw new ConfigError("--name must be 1 to 200 characters");
    const domain = normalizeDomain(input.domain);
    if (!domain)
      throw new ConfigError(
        `--domain must be a host name such as docs.example.com, not "${input.domain}"`,
      );
    const given = input.repository.trim();
    if (given.length === 0) throw new ConfigError("--repo must be a repository URL or a folder");
    // A folder is stored absolute: the server may run from another directory than this command.
    const repository = isRemoteRepository(given) ? given : path.resolve(given);
    if (!isRemoteRepository(given) && !existsSync(repository))
      throw new ConfigError(`--repo: the folder ${repository} does not exist`);
    if (input.ref !== undefined && input.ref !== null && !isSafeRef(input.ref))
      throw new ConfigError(`--ref must be a branch name, not "${input.ref}"`);
    if (input.forgeApiUrl && !/^https?:\/\//.test(input.forgeApiUrl))
      throw new ConfigError(`--forge-api-url must be an http(s) URL, not "${input.forgeApiUrl}"`);
    return this.#db.transaction().execute(async (trx) => {
      if (await domainTaken(trx, domain))
        throw new ConfigError(
          `the domain ${domain} already belongs to a project: each domain names one project`,
        );
      const now = new Date().toISOString();
      return insertProject(trx, {
        id: newId("proj"),
        org_id: input.orgId,
        name,
        domain,
        repository,
        ref: input.ref ?? null,
        plan: input.plan ?? "enterprise",
        deployment: input.deployment ?? "cloud",
        forge: input.forge ?? null,
        forge_api_url: input.forgeApiUrl ?? null,
        forge_token_sealed: input.forgeToken
          ? sealSecret(this.#forgeTokenKey, input.forgeToken)
          : null,
        pull_request_draft: input.pullRequestDraft ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
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

  async revokeApiKey(id: string): Promise<ApiKeyInfo> {
    const key = await findApiKey(this.#db, id);
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
