import type { FastifyReply, FastifyRequest } from "fastify";
import { QuireError } from "../../domain/errors.ts";

/** What the job pages share: their addresses' parameters, list queries and form refusals. */

export const PAGE_SIZE = 20;

export type JobParams = { orgId: string; projectId: string; jobId: string };

export function orgOf(request: FastifyRequest): string {
  return (request.params as JobParams).orgId;
}

/** A list's query: a known status (or none) and a cursor. */
export function listQuery<T extends string>(
  request: FastifyRequest,
  statuses: readonly T[],
): { status?: T; cursor?: string } {
  const query = request.query as { status?: string; cursor?: string };
  const status = (statuses as readonly string[]).includes(query.status ?? "")
    ? (query.status as T)
    : undefined;
  return { status, cursor: query.cursor || undefined };
}

const FORM_PROBLEMS: readonly string[] = [
  "QUIRE_ERR_REQUEST_INVALID",
  "QUIRE_ERR_RATE_LIMITED",
  "QUIRE_ERR_AGENT_JOB_CONFLICT",
  "QUIRE_ERR_EXPORT_PLAN_REQUIRED",
  "QUIRE_ERR_EXPORT_NOT_COMPLETED",
];

/**
 * A refusal the form shows (bad prompt, rate limit, wrong state), with its headers
 * (`Retry-After`) set on the reply; undefined for any other error, which the error page shows.
 */
export function formProblem(error: unknown, reply: FastifyReply): QuireError | undefined {
  if (!(error instanceof QuireError) || !FORM_PROBLEMS.includes(error.code)) return undefined;
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return error;
}

/** A refused prompt, as the form shows it: beside the field when the prompt itself was wrong. */
export function promptRefusal(
  problem: QuireError,
  prompt: string,
): { prompt: string; errors?: Record<string, string>; problem?: string } {
  return problem.code === "QUIRE_ERR_REQUEST_INVALID"
    ? { prompt, errors: { prompt: problem.message.replace(/^prompt /, "") } }
    : { prompt, problem: problem.message };
}
