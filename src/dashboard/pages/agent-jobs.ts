import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AGENT_JOB_STATUSES, type AgentJobStatus, isFinal } from "../../domain/agent-job.ts";
import type { AgentJobService } from "../../services/agent-jobs.ts";
import { type Dashboard, formFields, orgFrame, sendHtml } from "../context.ts";
import { paths } from "../paths.ts";
import { agentJobPage, agentJobsPage } from "../views/agent-jobs.ts";
import type { AgentMessageView, TraceStepView } from "../views/models.ts";
import {
  formProblem,
  type JobParams,
  listQuery,
  orgOf,
  PAGE_SIZE,
  promptRefusal,
} from "./job-lists.ts";
import { projectOf } from "./projects.ts";

type Details = Awaited<ReturnType<AgentJobService["details"]>>;
type FormExtra = { prompt?: string; errors?: Record<string, string>; problem?: string };

const hidden = { schema: { hide: true } };

function messageView(message: Details["messages"][number]): AgentMessageView {
  return { seq: message.seq, prompt: message.prompt, createdAt: message.created_at };
}

function traceStepView(step: Details["steps"][number]): TraceStepView {
  return {
    run: step.run,
    kind: step.kind,
    name: step.name,
    input: step.input,
    output: step.output,
    inputTokens: step.input_tokens,
    outputTokens: step.output_tokens,
    durationMs: step.duration_ms,
  };
}

/**
 * A project's agent jobs: the list with its status filter and cursors, the form that starts
 * one, each job's page with its conversation and trace, the JSON its page polls while the job
 * runs, follow-up messages and archiving. Every action is a call of the same service the API
 * calls, with the same rules and limits.
 */
export async function agentJobPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const list = "/projects/:projectId/agent-jobs";
  const job = `${list}/:jobId`;
  app.get(list, hidden, async (request, reply) =>
    sendHtml(reply, await renderList(request, dashboard)),
  );
  app.post(list, hidden, (request, reply) => startJob(request, reply, dashboard));
  app.get(job, hidden, async (request, reply) =>
    sendHtml(reply, await renderJob(request, dashboard)),
  );
  app.get(`${job}/live`, hidden, (request) => liveState(request, dashboard));
  app.post(`${job}/message`, hidden, (request, reply) => sendMessage(request, reply, dashboard));
  app.post(`${job}/archive`, hidden, (request, reply) => archiveJob(request, reply, dashboard));
}

/** The list of a project's jobs, newest first, with the form to start one. */
async function renderList(
  request: FastifyRequest,
  dashboard: Dashboard,
  extra: FormExtra = {},
): Promise<string> {
  const { agentJobs } = dashboard.services;
  const project = await projectOf(request, dashboard);
  const query = listQuery<AgentJobStatus>(request, AGENT_JOB_STATUSES);
  const orgId = orgOf(request);
  const page = await agentJobs.list(orgId, project.id, { limit: PAGE_SIZE, ...query });
  const ids = page.jobs.map((each) => each.id);
  return agentJobsPage({
    ...orgFrame(request, dashboard),
    project,
    jobs: page.jobs,
    prompts: await agentJobs.firstPrompts(orgId, project.id, ids),
    nextCursor: page.nextCursor,
    ...query,
    ...extra,
  });
}

/** The start form: a new job and its page, or the list again with the refusal. */
async function startJob(request: FastifyRequest, reply: FastifyReply, dashboard: Dashboard) {
  const project = await projectOf(request, dashboard);
  const prompt = formFields(request).prompt ?? "";
  try {
    const { job } = await dashboard.services.agentJobs.create(orgOf(request), project.id, prompt);
    return reply.redirect(paths.agentJob(orgOf(request), project.id, job.id), 303);
  } catch (error) {
    const problem = formProblem(error, reply);
    if (!problem) throw error;
    const page = await renderList(request, dashboard, promptRefusal(problem, prompt));
    return sendHtml(reply, page, problem.status);
  }
}

/** One job: its facts, conversation, follow-up form and trace. */
async function renderJob(
  request: FastifyRequest,
  dashboard: Dashboard,
  extra: FormExtra = {},
): Promise<string> {
  const project = await projectOf(request, dashboard);
  const { jobId } = request.params as JobParams;
  const details = await dashboard.services.agentJobs.details(orgOf(request), project.id, jobId);
  return agentJobPage({
    ...orgFrame(request, dashboard),
    project,
    job: details.job,
    messages: details.messages.map(messageView),
    steps: details.steps.map(traceStepView),
    liveUrl: `${paths.agentJob(orgOf(request), project.id, jobId)}/live`,
    ...extra,
  });
}

/** What a running job's page polls: its status, and its pull request once there is one. */
async function liveState(request: FastifyRequest, dashboard: Dashboard) {
  const { projectId, jobId } = request.params as JobParams;
  const job = await dashboard.services.agentJobs.get(orgOf(request), projectId, jobId);
  return { status: job.status, final: isFinal(job.status), prLink: job.prLink };
}

/** A follow-up prompt: the job runs again, or its page shows why not. */
async function sendMessage(request: FastifyRequest, reply: FastifyReply, dashboard: Dashboard) {
  const { projectId, jobId } = request.params as JobParams;
  const prompt = formFields(request).prompt ?? "";
  try {
    await dashboard.services.agentJobs.message(orgOf(request), projectId, jobId, prompt);
    return reply.redirect(paths.agentJob(orgOf(request), projectId, jobId), 303);
  } catch (error) {
    const problem = formProblem(error, reply);
    if (!problem) throw error;
    const page = await renderJob(request, dashboard, promptRefusal(problem, prompt));
    return sendHtml(reply, page, problem.status);
  }
}

async function archiveJob(request: FastifyRequest, reply: FastifyReply, dashboard: Dashboard) {
  const { projectId, jobId } = request.params as JobParams;
  await dashboard.services.agentJobs.archive(orgOf(request), projectId, jobId);
  return reply.redirect(paths.agentJob(orgOf(request), projectId, jobId), 303);
}
