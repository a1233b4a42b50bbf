import type { AgentJob, AgentJobStatus } from "../domain/agent-job.ts";
import type { Db, Queryable } from "./database.ts";
import { precompiled } from "./precompiled.ts";
import type { AgentJobsTable, AgentMessagesTable } from "./schema.ts";

export function toAgentJob(row: AgentJobsTable): AgentJob {
  return {
    id: row.id,
    status: row.status as AgentJobStatus,
    source: { repository: row.repository, ref: row.ref },
    model: row.model,
    prLink: row.pr_link,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
    error: row.error,
    summary: row.summary,
  };
}

export async function insertAgentJob(db: Queryable, row: AgentJobsTable): Promise<AgentJob> {
  await db.insertInto("agent_jobs").values(row).execute();
  return toAgentJob(row);
}

export async function insertAgentMessage(
  db: Queryable,
  row: Omit<AgentMessagesTable, "seq">,
): Promise<void> {
  const last = await db
    .selectFrom("agent_messages")
    .select("seq")
    .where("job_id", "=", row.job_id)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  await db
    .insertInto("agent_messages")
    .values({ ...row, seq: (last?.seq ?? 0) + 1 })
    .execute();
}

export async function listAgentMessages(
  db: Queryable,
  jobId: string,
): Promise<AgentMessagesTable[]> {
  return db
    .selectFrom("agent_messages")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("seq")
    .execute();
}

/** The first prompt of each of a project's jobs named (what a list of jobs shows). */
export async function listFirstPrompts(
  db: Queryable,
  projectId: string,
  jobIds: string[],
): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("agent_messages")
    .innerJoin("agent_jobs", "agent_jobs.id", "agent_messages.job_id")
    .select(["agent_messages.job_id", "agent_messages.prompt"])
    .where("agent_messages.seq", "=", 1)
    .where("agent_jobs.project_id", "=", projectId)
    .where("agent_messages.job_id", "in", jobIds)
    .execute();
  return new Map(rows.map((row) => [row.job_id, row.prompt]));
}

export async function findAgentJobRow(
  db: Queryable,
  projectId: string,
  jobId: string,
): Promise<AgentJobsTable | undefined> {
  return db
    .selectFrom("agent_jobs")
    .selectAll()
    .where("id", "=", jobId)
    .where("project_id", "=", projectId)
    .executeTakeFirst();
}

export async function findAgentJobById(
  db: Queryable,
  jobId: string,
): Promise<AgentJobsTable | undefined> {
  return db.selectFrom("agent_jobs").selectAll().where("id", "=", jobId).executeTakeFirst();
}

export interface AgentJobPageQuery {
  projectId: string;
  limit: number;
  status?: AgentJobStatus;
  /** Continue after this job (newest first). */
  after?: { createdAt: string; id: string };
}

/** One page of a project's jobs, newest first; fetches one more row than asked to know if more follow. */
export async function listAgentJobRows(
  db: Queryable,
  query: AgentJobPageQuery,
): Promise<AgentJobsTable[]> {
  let select = db.selectFrom("agent_jobs").selectAll().where("project_id", "=", query.projectId);
  if (query.status) select = select.where("status", "=", query.status);
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb("created_at", "<", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  return select
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
}

export type AgentJobChanges = Partial<
  Pick<
    AgentJobsTable,
    | "status"
    | "pr_link"
    | "error"
    | "summary"
    | "archived_at"
    | "model"
    | "updated_at"
    | "conversation"
    | "pushed_commit"
  >
>;

/**
 * Updates a job only while it is in one of `fromStatuses`: a state change that lost a race
 * (an archive during the run's last step) changes nothing. Returns the row after the update.
 */
export async function updateAgentJob(
  db: Queryable,
  jobId: string,
  fromStatuses: readonly AgentJobStatus[],
  changes: AgentJobChanges,
): Promise<AgentJobsTable | undefined> {
  const result = await db
    .updateTable("agent_jobs")
    .set(changes)
    .where("id", "=", jobId)
    .where("status", "in", fromStatuses)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return findAgentJobById(db, jobId);
}

const selectOrgJob = precompiled<[string, string, string], AgentJobsTable>(
  3,
  (db, jobId, projectId, orgId) =>
    db
      .selectFrom("agent_jobs")
      .innerJoin("projects", "projects.id", "agent_jobs.project_id")
      .selectAll("agent_jobs")
      .where("agent_jobs.id", "=", jobId as string)
      .where("agent_jobs.project_id", "=", projectId as string)
      .where("projects.org_id", "=", orgId as string),
  { cached: true },
);

/** A job of a project of an organization, in one query: what every poll asks. */
export async function findOrgAgentJob(
  db: Db,
  orgId: string,
  projectId: string,
  jobId: string,
): Promise<AgentJobsTable | undefined> {
  return (await selectOrgJob(db, jobId, projectId, orgId))[0];
}
