import type { FastifyInstance, FastifyRequest } from "fastify";
import { AGENT_JOB_STATUSES, type AgentJobStatus, isFinal } from "../../domain/agent-job.ts";
import { QuireError } from "../../domain/errors.ts";
import { EXPORT_JOB_STATUSES, type ExportJobStatus } from "../../domain/static-export-job.ts";
import { linkBase } from "../../http/link-base.ts";
import { type Dashboard, formFields, orgFrame, sendHtml } from "../context.ts";
import { paths } from "../paths.ts";
import { agentJobPage, agentJobsPage } from "../views/agent-jobs.ts";
import { exportJobPage, exportsPage, isFinalExport } from "../views/exports.ts";
import { projectOf } from "./projects.ts";

const PAGE_SIZE = 20;

type JobParams = { orgId: string; projectId: string; jobId: string };

/** A list's query: a known status (or none) and a cursor. */
function listQuery<T extends string>(
  request: FastifyRequest,
  statuses: readonly T[],
): { status?: T; cursor?: string } {
  const query = request.query as { status?: string; cursor?: string };
  const status = (statuses as readonly string[]).includes(query.status ?? "")
    ? (query.status as T)
    : undefined;
  return { status, cursor: query.cursor || undefined };
}

/** A refusal the form shows (bad prompt, rate limit, wrong state), or undefined for any other error. */
function formProblem(error: unknown): QuireError | undefined {
  if (!(error instanceof QuireError)) return undefined;
  return [
    "QUIRE_ERR_REQUEST_INVALID",
    "QUIRE_ERR_RATE_LIMITED",
    "QUIRE_ERR_AGENT_JOB_CONFLICT",
    "QUIRE_ERR_EXPORT_PLAN_REQUIRED",
    "QUIRE_ERR_EXPORT_NOT_COMPLETED",
  ].includes(error.code)
    ? error
    : undefined;
}

/**
 * A project's agent jobs and export jobs: lists with a status filter and cursors, the forms
 * that start them, each job's page, and the small JSON answers the pages poll while a job runs.
 * Every action is a call of the same service the API calls, with the same rules and limits.
 */
export async function jobPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const { agentJobs, exports } = dashboard.services;
  const hidden = { hide: true };
  const orgOf = (request: FastifyRequest) => (request.params as JobParams).orgId;

  // --- agent jobs -------------------------------------------------------------------------------

  const renderAgentJobs = async (
    request: FastifyRequest,
    extra: { prompt?: string; errors?: Record<string, string>; problem?: string } = {},
  ) => {
    const project = await projectOf(request, dashboard);
    const query = listQuery<AgentJobStatus>(request, AGENT_JOB_STATUSES);
    const orgId = orgOf(request);
    const page = await agentJobs.list(orgId, project.id, { limit: PAGE_SIZE, ...query });
    return agentJobsPage({
      ...orgFrame(request, dashboard),
      project,
      jobs: page.jobs,
      prompts: await agentJobs.firstPrompts(
        orgId,
        project.id,
        page.jobs.map((job) => job.id),
      ),
      nextCursor: page.nextCursor,
      ...query,
      ...extra,
    });
  };

  app.get("/projects/:projectId/agent-jobs", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderAgentJobs(request)),
  );

  app.post("/projects/:projectId/agent-jobs", { schema: hidden }, async (request, reply) => {
    const project = await projectOf(request, dashboard);
    const prompt = formFields(request).prompt ?? "";
    try {
      const { job } = await agentJobs.create(orgOf(request), project.id, prompt);
      return reply.redirect(paths.agentJob(orgOf(request), project.id, job.id), 303);
    } catch (error) {
      const problem = formProblem(error);
      if (!problem) throw error;
      for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
      const extra =
        problem.code === "QUIRE_ERR_REQUEST_INVALID"
          ? { prompt, errors: { prompt: problem.message.replace(/^prompt /, "") } }
          : { prompt, problem: problem.message };
      return sendHtml(reply, await renderAgentJobs(request, extra), problem.status);
    }
  });

  const renderAgentJob = async (
    request: FastifyRequest,
    extra: { prompt?: string; errors?: Record<string, string>; problem?: string } = {},
  ) => {
    const project = await projectOf(request, dashboard);
    const { jobId } = request.params as JobParams;
    const details = await agentJobs.details(orgOf(request), project.id, jobId);
    return agentJobPage({
      ...orgFrame(request, dashboard),
      project,
      ...details,
      liveUrl: `${paths.agentJob(orgOf(request), project.id, jobId)}/live`,
      ...extra,
    });
  };

  app.get("/projects/:projectId/agent-jobs/:jobId", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderAgentJob(request)),
  );

  app.get("/projects/:projectId/agent-jobs/:jobId/live", { schema: hidden }, async (request) => {
    const { projectId, jobId } = request.params as JobParams;
    const job = await agentJobs.get(orgOf(request), projectId, jobId);
    return { status: job.status, final: isFinal(job.status), prLink: job.prLink };
  });

  app.post(
    "/projects/:projectId/agent-jobs/:jobId/message",
    { schema: hidden },
    async (request, reply) => {
      const { projectId, jobId } = request.params as JobParams;
      const prompt = formFields(request).prompt ?? "";
      try {
        await agentJobs.message(orgOf(request), projectId, jobId, prompt);
        return reply.redirect(paths.agentJob(orgOf(request), projectId, jobId), 303);
      } catch (error) {
        const problem = formProblem(error);
        if (!problem) throw error;
        for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
        const extra =
          problem.code === "QUIRE_ERR_REQUEST_INVALID"
            ? { prompt, errors: { prompt: problem.message.replace(/^prompt /, "") } }
            : { prompt, problem: problem.message };
        return sendHtml(reply, await renderAgentJob(request, extra), problem.status);
      }
    },
  );

  app.post(
    "/projects/:projectId/agent-jobs/:jobId/archive",
    { schema: hidden },
    async (request, reply) => {
      const { projectId, jobId } = request.params as JobParams;
      await agentJobs.archive(orgOf(request), projectId, jobId);
      return reply.redirect(paths.agentJob(orgOf(request), projectId, jobId), 303);
    },
  );

  // --- export jobs ------------------------------------------------------------------------------

  const renderExports = async (
    request: FastifyRequest,
    extra: { version?: string; errors?: Record<string, string>; problem?: string } = {},
  ) => {
    const project = await projectOf(request, dashboard);
    const query = listQuery<ExportJobStatus>(request, EXPORT_JOB_STATUSES);
    const page = await exports.list(orgOf(request), project.id, { limit: PAGE_SIZE, ...query });
    return exportsPage({
      ...orgFrame(request, dashboard),
      project,
      jobs: page.jobs,
      nextCursor: page.nextCursor,
      ...query,
      ...extra,
    });
  };

  app.get("/projects/:projectId/exports", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderExports(request)),
  );

  app.post("/projects/:projectId/exports", { schema: hidden }, async (request, reply) => {
    const project = await projectOf(request, dashboard);
    const version = (formFields(request).version ?? "").trim();
    if (version.length > 100)
      return sendHtml(
        reply,
        await renderExports(request, {
          version,
          errors: { version: "must be at most 100 characters" },
        }),
        400,
      );
    try {
      const job = await exports.start(orgOf(request), {
        domain: project.domain,
        ...(version ? { version } : {}),
      });
      return reply.redirect(paths.exportJob(orgOf(request), project.id, job.jobId), 303);
    } catch (error) {
      const problem = formProblem(error);
      if (!problem) throw error;
      return sendHtml(
        reply,
        await renderExports(request, { version, problem: problem.message }),
        problem.status,
      );
    }
  });

  /** An export job of this project (one of another project is not found here). */
  const exportDetails = async (request: FastifyRequest) => {
    const { projectId, jobId } = request.params as JobParams;
    const details = await exports.details(orgOf(request), jobId);
    if (details.projectId !== projectId)
      throw new QuireError("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", `no static export job "${jobId}"`);
    return details;
  };

  const renderExport = async (request: FastifyRequest, problem?: string) => {
    const project = await projectOf(request, dashboard);
    const details = await exportDetails(request);
    return exportJobPage({
      ...orgFrame(request, dashboard),
      project,
      ...details,
      liveUrl: `${paths.exportJob(orgOf(request), project.id, details.job.jobId)}/live`,
      problem,
    });
  };

  app.get("/projects/:projectId/exports/:jobId", { schema: hidden }, async (request, reply) =>
    sendHtml(reply, await renderExport(request)),
  );

  app.get("/projects/:projectId/exports/:jobId/live", { schema: hidden }, async (request) => {
    const { job } = await exportDetails(request);
    return {
      status: job.status,
      final: isFinalExport(job.status),
      progress: job.progress,
      pageCount: job.pageCount,
    };
  });

  /** The download button: a fresh presigned link per press, then the browser follows it. */
  app.post(
    "/projects/:projectId/exports/:jobId/bundle",
    { schema: hidden },
    async (request, reply) => {
      const { job } = await exportDetails(request);
      try {
        const bundle = await exports.bundle(
          orgOf(request),
          job.jobId,
          linkBase(request, dashboard.publicUrl),
        );
        return reply.redirect(bundle.bundleUrl, 303);
      } catch (error) {
        const problem = formProblem(error);
        if (!problem) throw error;
        return sendHtml(reply, await renderExport(request, problem.message), problem.status);
      }
    },
  );
}
