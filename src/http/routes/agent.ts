import type { Static } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { QuireError } from "../../domain/errors.ts";
import type { AgentJobService } from "../../services/agent-jobs.ts";
import type { RateState } from "../../services/rate-limit.ts";
import { RateLimitedError } from "../../services/rate-limit.ts";
import {
  AgentJobList,
  AgentJobListQuery,
  AgentJobPath,
  AgentJobSchema,
  BODY_ERRORS,
  errorResponses,
  ProjectPath,
  PromptBody,
} from "../schemas.ts";

const TAGS = ["Agent jobs"];
const SECURITY = [{ bearerAuth: [] }];

function setRateHeaders(reply: FastifyReply, rate: RateState): void {
  reply.header("RateLimit-Limit", String(rate.limit));
  reply.header("RateLimit-Remaining", String(rate.remaining));
  reply.header("RateLimit-Reset", String(rate.resetSeconds));
}

/** Agent jobs (`/v2`, docs/api.md): create, get, list, follow-up message, archive. */
export async function agentRoutes(
  app: FastifyInstance,
  options: { agentJobs: AgentJobService },
): Promise<void> {
  const { agentJobs } = options;

  // Limited calls carry the RateLimit-* headers on every answer, refusals included.
  const addRateHeadersOnError = async (
    request: { principal?: { orgId: string }; params: unknown },
    reply: FastifyReply,
    error: Error,
  ) => {
    if (error instanceof RateLimitedError) return setRateHeaders(reply, error.state);
    const projectId = (request.params as { projectId?: string }).projectId;
    if (!request.principal || !projectId || reply.hasHeader("RateLimit-Limit")) return;
    const rate = await agentJobs
      .rateState(request.principal.orgId, projectId)
      .catch(() => undefined);
    if (rate) setRateHeaders(reply, rate);
  };

  app.post<{ Params: Static<typeof ProjectPath>; Body: Static<typeof PromptBody> }>(
    "/v2/agent/:projectId/job",
    {
      schema: {
        summary: "Create agent job",
        description:
          "Starts a background agent on the prompt. Returns as soon as the job exists; poll it until its status is completed, archived or failed.",
        operationId: "createAgentJob",
        tags: TAGS,
        security: SECURITY,
        params: ProjectPath,
        body: PromptBody,
        response: {
          201: AgentJobSchema,
          ...errorResponses(
            ...BODY_ERRORS,
            "QUIRE_ERR_PROJECT_NOT_FOUND",
            "QUIRE_ERR_RATE_LIMITED",
          ),
        },
      },
      onError: addRateHeadersOnError,
    },
    async (request, reply) => {
      const { job, rate } = await agentJobs.create(
        request.principal.orgId,
        request.params.projectId,
        request.body.prompt,
      );
      setRateHeaders(reply, rate);
      return reply.code(201).send(job);
    },
  );

  app.get<{ Params: Static<typeof AgentJobPath> }>(
    "/v2/agent/:projectId/job/:id",
    {
      schema: {
        summary: "Get agent job",
        description: "The job's current state; poll it for status and prLink.",
        operationId: "getAgentJob",
        tags: TAGS,
        security: SECURITY,
        params: AgentJobPath,
        response: {
          200: AgentJobSchema,
          ...errorResponses("QUIRE_ERR_PROJECT_NOT_FOUND", "QUIRE_ERR_AGENT_JOB_NOT_FOUND"),
        },
      },
    },
    async (request) =>
      agentJobs.get(request.principal.orgId, request.params.projectId, request.params.id),
  );

  app.get<{ Params: Static<typeof ProjectPath>; Querystring: Static<typeof AgentJobListQuery> }>(
    "/v2/agent/:projectId/jobs",
    {
      schema: {
        summary: "List agent jobs",
        description: "The project's jobs, newest first, a page at a time.",
        operationId: "listAgentJobs",
        tags: TAGS,
        security: SECURITY,
        params: ProjectPath,
        querystring: AgentJobListQuery,
        response: {
          200: AgentJobList,
          ...errorResponses("QUIRE_ERR_REQUEST_INVALID", "QUIRE_ERR_PROJECT_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const limit = request.query.limit === undefined ? 20 : Number(request.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw new QuireError(
          "QUIRE_ERR_REQUEST_INVALID",
          "limit must be a whole number from 1 to 100",
        );
      return agentJobs.list(request.principal.orgId, request.params.projectId, {
        limit,
        cursor: request.query.cursor,
        status: request.query.status,
      });
    },
  );

  app.post<{ Params: Static<typeof AgentJobPath>; Body: Static<typeof PromptBody> }>(
    "/v2/agent/:projectId/job/:id/message",
    {
      schema: {
        summary: "Send a follow-up message",
        description:
          "Continues a completed or failed job on the same branch and pull request; the job is active again.",
        operationId: "sendAgentJobMessage",
        tags: TAGS,
        security: SECURITY,
        params: AgentJobPath,
        body: PromptBody,
        response: {
          200: AgentJobSchema,
          ...errorResponses(
            ...BODY_ERRORS,
            "QUIRE_ERR_PROJECT_NOT_FOUND",
            "QUIRE_ERR_AGENT_JOB_NOT_FOUND",
            "QUIRE_ERR_AGENT_JOB_CONFLICT",
            "QUIRE_ERR_RATE_LIMITED",
          ),
        },
      },
      onError: addRateHeadersOnError,
    },
    async (request, reply) => {
      const { job, rate } = await agentJobs.message(
        request.principal.orgId,
        request.params.projectId,
        request.params.id,
        request.body.prompt,
      );
      setRateHeaders(reply, rate);
      return job;
    },
  );

  app.post<{ Params: Static<typeof AgentJobPath> }>(
    "/v2/agent/:projectId/job/:id/archive",
    {
      schema: {
        summary: "Archive agent job",
        description:
          "Archives the job (idempotent). An active job is stopped first and opens no pull request afterwards.",
        operationId: "archiveAgentJob",
        tags: TAGS,
        security: SECURITY,
        params: AgentJobPath,
        response: {
          200: AgentJobSchema,
          ...errorResponses("QUIRE_ERR_PROJECT_NOT_FOUND", "QUIRE_ERR_AGENT_JOB_NOT_FOUND"),
        },
      },
    },
    async (request) =>
      agentJobs.archive(request.principal.orgId, request.params.projectId, request.params.id),
  );
}
