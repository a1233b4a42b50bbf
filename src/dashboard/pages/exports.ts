import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { QuireError } from "../../domain/errors.ts";
import { EXPORT_JOB_STATUSES, type ExportJobStatus } from "../../domain/static-export-job.ts";
import { linkBase } from "../../http/link-base.ts";
import { type Dashboard, formFields, orgFrame, sendHtml } from "../context.ts";
import { paths } from "../paths.ts";
import { exportJobPage, exportsPage, isFinalExport } from "../views/exports.ts";
import { formProblem, type JobParams, listQuery, orgOf, PAGE_SIZE } from "./job-lists.ts";
import { projectOf } from "./projects.ts";

const hidden = { schema: { hide: true } };

/** The longest version label the start form takes. */
const MAX_VERSION_LENGTH = 100;

/**
 * A project's export jobs: the list with its status filter and cursors, the form that starts
 * one, each job's page with its progress and warnings, the JSON its page polls while the job
 * runs, and the download button. Every action is a call of the same service the API calls.
 */
export async function exportPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const list = "/projects/:projectId/exports";
  const job = `${list}/:jobId`;
  app.get(list, hidden, async (request, reply) =>
    sendHtml(reply, await renderList(request, dashboard)),
  );
  app.post(list, hidden, (request, reply) => startExport(request, reply, dashboard));
  app.get(job, hidden, async (request, reply) =>
    sendHtml(reply, await renderJob(request, dashboard)),
  );
  app.get(`${job}/live`, hidden, (request) => liveState(request, dashboard));
  app.post(`${job}/bundle`, hidden, (request, reply) => download(request, reply, dashboard));
}

/** The list of a project's exports, newest first, with the form to start one. */
async function renderList(
  request: FastifyRequest,
  dashboard: Dashboard,
  extra: { version?: string; errors?: Record<string, string>; problem?: string } = {},
): Promise<string> {
  const project = await projectOf(request, dashboard);
  const query = listQuery<ExportJobStatus>(request, EXPORT_JOB_STATUSES);
  const page = await dashboard.services.exports.list(orgOf(request), project.id, {
    limit: PAGE_SIZE,
    ...query,
  });
  return exportsPage({
    ...orgFrame(request, dashboard),
    project,
    jobs: page.jobs,
    nextCursor: page.nextCursor,
    ...query,
    ...extra,
  });
}

/** The start form: a new export and its page, or the list again with the refusal. */
async function startExport(request: FastifyRequest, reply: FastifyReply, dashboard: Dashboard) {
  const project = await projectOf(request, dashboard);
  const version = (formFields(request).version ?? "").trim();
  if (version.length > MAX_VERSION_LENGTH) {
    const errors = { version: `must be at most ${MAX_VERSION_LENGTH} characters` };
    return sendHtml(reply, await renderList(request, dashboard, { version, errors }), 400);
  }
  try {
    const job = await dashboard.services.exports.start(orgOf(request), {
      domain: project.domain,
      ...(version ? { version } : {}),
    });
    return reply.redirect(paths.exportJob(orgOf(request), project.id, job.jobId), 303);
  } catch (error) {
    const problem = formProblem(error, reply);
    if (!problem) throw error;
    const page = await renderList(request, dashboard, { version, problem: problem.message });
    return sendHtml(reply, page, problem.status);
  }
}

/** An export job of the project the address names (one of another project is not found here). */
async function exportDetails(request: FastifyRequest, dashboard: Dashboard) {
  const { projectId, jobId } = request.params as JobParams;
  const details = await dashboard.services.exports.details(orgOf(request), jobId);
  if (details.projectId !== projectId)
    throw new QuireError("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", `no static export job "${jobId}"`);
  return details;
}

/** One export: its progress, warnings and, once completed, its bundle. */
async function renderJob(
  request: FastifyRequest,
  dashboard: Dashboard,
  problem?: string,
): Promise<string> {
  const project = await projectOf(request, dashboard);
  const details = await exportDetails(request, dashboard);
  return exportJobPage({
    ...orgFrame(request, dashboard),
    project,
    job: details.job,
    warnings: details.warnings,
    archive: details.archive,
    liveUrl: `${paths.exportJob(orgOf(request), project.id, details.job.jobId)}/live`,
    problem,
  });
}

/** What a running export's page polls. */
async function liveState(request: FastifyRequest, dashboard: Dashboard) {
  const { job } = await exportDetails(request, dashboard);
  return {
    status: job.status,
    final: isFinalExport(job.status),
    progress: job.progress,
    pageCount: job.pageCount,
  };
}

/** The download button: a fresh presigned link per press, then the browser follows it. */
async function download(request: FastifyRequest, reply: FastifyReply, dashboard: Dashboard) {
  const { job } = await exportDetails(request, dashboard);
  try {
    const bundle = await dashboard.services.exports.bundle(
      orgOf(request),
      job.jobId,
      linkBase(request, dashboard.publicUrl),
    );
    return reply.redirect(bundle.bundleUrl, 303);
  } catch (error) {
    const problem = formProblem(error, reply);
    if (!problem) throw error;
    return sendHtml(reply, await renderJob(request, dashboard, problem.message), problem.status);
  }
}
