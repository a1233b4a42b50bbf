import type { ComponentMode, Deployment, Forge, Plan, Project } from "../domain/project.ts";
import type { Queryable } from "./database.ts";
import type { ProjectsTable } from "./schema.ts";

export function toProject(row: ProjectsTable): Project {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    domain: row.domain,
    repository: row.repository,
    ref: row.ref,
    plan: row.plan as Plan,
    deployment: row.deployment as Deployment,
    forge: row.forge as Forge | null,
    forgeApiUrl: row.forge_api_url,
    hasForgeToken: row.forge_token_sealed !== null,
    pullRequestDraft: row.pull_request_draft === 1,
    customComponents: row.custom_components as ComponentMode,
    airGappedPlayground: row.air_gapped_playground === 1,
    serveAssistant: row.serve_assistant === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertProject(db: Queryable, row: ProjectsTable): Promise<Project> {
  await db.insertInto("projects").values(row).execute();
  return toProject(row);
}

/** A project of one organization: another organization's project is not found. */
export async function findProject(
  db: Queryable,
  orgId: string,
  projectId: string,
): Promise<Project | undefined> {
  const row = await db
    .selectFrom("projects")
    .selectAll()
    .where("id", "=", projectId)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  return row && toProject(row);
}

export async function findProjectById(
  db: Queryable,
  projectId: string,
): Promise<ProjectsTable | undefined> {
  return db.selectFrom("projects").selectAll().where("id", "=", projectId).executeTakeFirst();
}

export async function findProjectByDomain(
  db: Queryable,
  orgId: string,
  domain: string,
): Promise<Project | undefined> {
  const row = await db
    .selectFrom("projects")
    .selectAll()
    .where("domain", "=", domain)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  return row && toProject(row);
}

export async function domainTaken(db: Queryable, domain: string): Promise<boolean> {
  return (
    (await db
      .selectFrom("projects")
      .select("id")
      .where("domain", "=", domain)
      .executeTakeFirst()) !== undefined
  );
}

export async function listProjects(db: Queryable, orgId?: string): Promise<Project[]> {
  let query = db.selectFrom("projects").selectAll().orderBy("created_at").orderBy("id");
  if (orgId) query = query.where("org_id", "=", orgId);
  return (await query.execute()).map(toProject);
}

/** Changes a project; returns it as changed. */
export async function updateProject(
  db: Queryable,
  projectId: string,
  changes: Partial<Omit<ProjectsTable, "id" | "org_id" | "created_at">>,
): Promise<Project | undefined> {
  await db.updateTable("projects").set(changes).where("id", "=", projectId).execute();
  const row = await findProjectById(db, projectId);
  return row && toProject(row);
}
