/** Agent jobs (seed parts 2 and 3, SPEC §1): their states, transitions and public shape. */

export const AGENT_JOB_STATUSES = ["active", "completed", "archived", "failed"] as const;
export type AgentJobStatus = (typeof AGENT_JOB_STATUSES)[number];

/** Longest prompt accepted (SPEC §1), in characters. */
export const MAX_PROMPT_LENGTH = 100_000;

/** Job creations and follow-up messages allowed per project per rolling hour (seed part 8). */
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

/** Polling stops at these (seed part 3's client rule). */
export function isFinal(status: AgentJobStatus): boolean {
  return status !== "active";
}
