/** Agent jobs (docs/api.md): their states, transitions and public shape. */

import { QuireError } from "./errors.ts";

export const AGENT_JOB_STATUSES = ["active", "completed", "archived", "failed"] as const;
export type AgentJobStatus = (typeof AGENT_JOB_STATUSES)[number];

/** Longest prompt accepted, in characters. */
export const MAX_PROMPT_LENGTH = 100_000;

/**
 * The prompt rule, for callers that do not go through the API's schema (the
 * dashboard): not empty, at most MAX_PROMPT_LENGTH characters.
 */
export function checkPrompt(prompt: string): void {
  if (prompt.length === 0)
    throw new QuireError("QUIRE_ERR_REQUEST_INVALID", "prompt must not be empty");
  if (prompt.length > MAX_PROMPT_LENGTH)
    throw new QuireError(
      "QUIRE_ERR_REQUEST_INVALID",
      `prompt must be at most ${MAX_PROMPT_LENGTH.toLocaleString("en-US")} characters`,
    );
}

/** Job creations and follow-up messages allowed per project per rolling hour. */
export const AGENT_RATE_LIMIT = 100;
export const AGENT_RATE_WINDOW_MS = 60 * 60 * 1000;

/** The AgentJob resource exactly as a client receives it. */
export interface AgentJob {
  id: string;
  status: AgentJobStatus;
  source: { repository: string; ref: string | null };
  model: string;
  prLink: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  error: string | null;
  summary: string | null;
}

/** The branch an agent job commits to, named from the job. */
export function agentBranchName(jobId: string): string {
  return `quire/agent-${jobId}`;
}

/** A follow-up message continues a finished job; an active or archived one cannot take one. */
export function canTakeMessage(status: AgentJobStatus): boolean {
  return status === "completed" || status === "failed";
}

/** A client stops polling a job in any of these states. */
export function isFinal(status: AgentJobStatus): boolean {
  return status !== "active";
}
