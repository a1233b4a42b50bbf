import {
  findAgentJobById,
  findAgentJobRow,
  findOrgAgentJob,
  insertAgentJob,
  insertAgentMessage,
  listAgentJobRows,
  listAgentMessages,
  listFirstPrompts,
  toAgentJob,
  updateAgentJob,
} from "../db/agent-jobs.ts";
import { listAgentSteps } from "../db/agent-steps.ts";
import type { Db } from "../db/database.ts";
import { findProject } from "../db/projects.ts";
import {
  AGENT_RATE_LIMIT,
  AGENT_RATE_WINDOW_MS,
  type AgentJob,
  type AgentJobStatus,
  agentBranchName,
  canTakeMessage,
  checkPrompt,
} from "../domain/agent-job.ts";
import { QuireError } from "../domain/errors.ts";
import { newId, randomString } from "../domain/ids.ts";
import { AGENT_MAX_ATTEMPTS, AGENT_QUEUE } from "../domain/job-queues.ts";
import type { Project } from "../domain/project.ts";
import type { JobQueue } from "../jobs/index.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { consumeRate, peekRate, type RateRule, type RateState } from "./rate-limit.ts";

export const AGENT_RATE_RULE: RateRule = {
  limit: AGENT_RATE_LIMIT,
  windowMs: AGENT_RATE_WINDOW_MS,
};

export interface AgentJobPage {
  jobs: AgentJob[];
  nextCursor: string | null;
}

export interface AgentServiceOptions {
  /** Where the service adds background work, inside the transaction that records it. */
  queue: JobQueue;
  db: Db;
  /** The model name jobs record: an agent job's `model` is the model in use (docs/api.md). */
  modelName: string;
  wake: (kind: string) => void;
  /** Stops a running job in this process at once. */
  cancel?: (subjectId: string) => void;
}

/** Agent jobs as the API and the dashboard see them: create, read, list, follow up, archive. */
export class AgentJobService {
  readonly #options: AgentServiceOptions;

  constructor(options: AgentServiceOptions) {
    this.#options = options;
  }

  async #project(orgId: string, projectId: string): Promise<Project> {
    const project = await findProject(this.#options.db, orgId, projectId);
    if (!project)
      throw new QuireError(
        "QUIRE_ERR_PROJECT_NOT_FOUND",
        `no project "${projectId}" in this organization`,
      );
    return project;
  }

  /** Creates a job and queues its run, counted against the project's hourly limit in the same transaction. */
  async create(
    orgId: string,
    projectId: string,
    prompt: string,
  ): Promise<{ job: AgentJob; rate: RateState }> {
    checkPrompt(prompt);
    const project = await this.#project(orgId, projectId);
    const result = await this.#options.db.transaction().execute(async (trx) => {
      const now = new Date();
      const rate = await consumeRate(trx, project.id, AGENT_RATE_RULE, now);
      const id = newId("job");
      const stamp = now.toISOString();
      const job = await insertAgentJob(trx, {
        id,
        project_id: project.id,
        status: "active",
        repository: project.repository,
        ref: agentBranchName(id),
        base_ref: project.ref,
        model: this.#options.modelName,
        pr_link: null,
        error: null,
        summary: null,
        created_at: stamp,
        updated_at: stamp,
        archived_at: null,
        conversation: null,
        pushed_commit: null,
      });
      await insertAgentMessage(trx, {
        id: `msg_${randomString(20).toLowerCase()}`,
        job_id: id,
        prompt,
        created_at: stamp,
      });
      await this.#options.queue.enqueue(trx, {
        kind: AGENT_QUEUE,
        subjectId: id,
        maxAttempts: AGENT_MAX_ATTEMPTS,
        now: stamp,
      });
      return { job, rate };
    });
    this.#options.wake(AGENT_QUEUE);
    return result;
  }

  async get(orgId: string, projectId: string, jobId: string): Promise<AgentJob> {
    // Polled all day: one query; the project is looked up only to word a miss.
    const row = await findOrgAgentJob(this.#options.db, orgId, projectId, jobId);
    if (row) return toAgentJob(row);
    await this.#project(orgId, projectId);
    if (!row)
      throw new QuireError(
        "QUIRE_ERR_AGENT_JOB_NOT_FOUND",
        `no agent job "${jobId}" in project "${projectId}"`,
      );
    return toAgentJob(row);
  }

  async list(
    orgId: string,
    projectId: string,
    query: { limit: number; cursor?: string; status?: AgentJobStatus },
  ): Promise<AgentJobPage> {
    const project = await this.#project(orgId, projectId);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await listAgentJobRows(this.#options.db, {
      projectId: project.id,
      limit: query.limit,
      status: query.status,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(toAgentJob),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
    };
  }

  /** A follow-up prompt: the job becomes active again and continues on the same branch. */
  async message(
    orgId: string,
    projectId: string,
    jobId: string,
    prompt: string,
  ): Promise<{ job: AgentJob; rate: RateState }> {
    checkPrompt(prompt);
    const project = await this.#project(orgId, projectId);
    const result = await this.#options.db.transaction().execute(async (trx) => {
      const row = await findAgentJobRow(trx, project.id, jobId);
      if (!row)
        throw new QuireError(
          "QUIRE_ERR_AGENT_JOB_NOT_FOUND",
          `no agent job "${jobId}" in project "${projectId}"`,
        );
      const status = row.status as AgentJobStatus;
      if (!canTakeMessage(status)) {
        throw new QuireError(
          "QUIRE_ERR_AGENT_JOB_CONFLICT",
          status === "active"
            ? "the agent job is still active: wait until it is completed or failed before sending a message"
            : "the agent job is archived: it takes no more messages",
        );
      }
      const now = new Date();
      const rate = await consumeRate(trx, project.id, AGENT_RATE_RULE, now);
      const stamp = now.toISOString();
      await insertAgentMessage(trx, {
        id: `msg_${randomString(20).toLowerCase()}`,
        job_id: jobId,
        prompt,
        created_at: stamp,
      });
      const updated = await updateAgentJob(trx, jobId, [status], {
        status: "active",
        error: null,
        updated_at: stamp,
        model: this.#options.modelName,
      });
      await this.#options.queue.enqueue(trx, {
        kind: AGENT_QUEUE,
        subjectId: jobId,
        maxAttempts: AGENT_MAX_ATTEMPTS,
        now: stamp,
      });
      return { job: toAgentJob(updated ?? row), rate };
    });
    this.#options.wake(AGENT_QUEUE);
    return result;
  }

  /** Archives a job (idempotent). An active job is stopped first and opens no pull request afterwards. */
  async archive(orgId: string, projectId: string, jobId: string): Promise<AgentJob> {
    const project = await this.#project(orgId, projectId);
    const archived = await this.#options.db.transaction().execute(async (trx) => {
      const row = await findAgentJobRow(trx, project.id, jobId);
      if (!row)
        throw new QuireError(
          "QUIRE_ERR_AGENT_JOB_NOT_FOUND",
          `no agent job "${jobId}" in project "${projectId}"`,
        );
      if (row.status === "archived") return toAgentJob(row);
      const stamp = new Date().toISOString();
      await this.#options.queue.cancelSubject(trx, jobId, stamp);
      const updated = await updateAgentJob(trx, jobId, ["active", "completed", "failed"], {
        status: "archived",
        archived_at: stamp,
        updated_at: stamp,
      });
      return toAgentJob(updated ?? row);
    });
    // The archive is committed: a run in this process stops now, before any push.
    this.#options.cancel?.(jobId);
    return archived;
  }

  /** The prompt each job started with, by job id (for a list of jobs). */
  async firstPrompts(
    orgId: string,
    projectId: string,
    jobIds: string[],
  ): Promise<Map<string, string>> {
    const project = await this.#project(orgId, projectId);
    return listFirstPrompts(this.#options.db, project.id, jobIds);
  }

  /** A job of an organization's project with its messages and the trace of its runs (the dashboard's job page). */
  async details(orgId: string, projectId: string, jobId: string) {
    const job = await this.get(orgId, projectId, jobId);
    return {
      job,
      messages: await listAgentMessages(this.#options.db, jobId),
      steps: await listAgentSteps(this.#options.db, jobId),
    };
  }

  /**
   * Everything about a job for an operator (`quire jobs show`): the job, its project, its
   * messages and the trace of its runs. Not organization-scoped: the admin commands are.
   */
  async inspect(jobId: string) {
    const row = await findAgentJobById(this.#options.db, jobId);
    if (!row) return undefined;
    return {
      job: toAgentJob(row),
      projectId: row.project_id,
      messages: await listAgentMessages(this.#options.db, jobId),
      steps: await listAgentSteps(this.#options.db, jobId),
    };
  }

  /** The project's current rate state, for the headers of responses that did not count a call. */
  async rateState(orgId: string, projectId: string): Promise<RateState | undefined> {
    const project = await findProject(this.#options.db, orgId, projectId);
    return project
      ? peekRate(this.#options.db, project.id, AGENT_RATE_RULE, new Date())
      : undefined;
  }
}
