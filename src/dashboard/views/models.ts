import type { AgentJobStatus } from "../../domain/agent-job.ts";
import type { ComponentMode, Deployment, Forge, Plan } from "../../domain/project.ts";
import type { ExportJobStatus } from "../../domain/static-export-job.ts";
import type { Role } from "../../domain/user.ts";

/**
 * What the dashboard's pages show, in shapes of their own: the views never see a database row
 * or an exporter type, so a change of storage or of the exporter's records cannot reach the
 * markup unnoticed. The page handlers (dashboard/pages/) build these from what the services
 * return; domain objects whose fields are these already are passed as they are.
 */

export interface ProjectView {
  id: string;
  name: string;
  domain: string;
  repository: string;
  ref: string | null;
  plan: Plan;
  deployment: Deployment;
  forge: Forge | null;
  forgeApiUrl: string | null;
  hasForgeToken: boolean;
  pullRequestDraft: boolean;
  customComponents: ComponentMode;
  airGappedPlayground: boolean;
  serveAssistant: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AgentJobView {
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

/** One prompt of an agent job's conversation. */
export interface AgentMessageView {
  /** Position in the conversation, from 1; the run it started has the same number. */
  seq: number;
  prompt: string;
  createdAt: string;
}

/** One step of an agent run's trace: a model call, a tool call, a check, git or forge work. */
export interface TraceStepView {
  run: number;
  kind: string;
  name: string;
  input: string | null;
  output: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number | null;
}

export interface ExportJobView {
  jobId: string;
  status: ExportJobStatus;
  progress: number;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
  domain: string;
  version: string | null;
}

/** A warning of an export, where it points in the repository. */
export interface ExportWarningView {
  rule: string;
  file: string;
  line?: number;
  message: string;
}

/** An API key as its page lists it: never the key, only its visible prefix. */
export interface ApiKeyView {
  id: string;
  name: string;
  visiblePrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface MemberView {
  userId: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
}

/** An organization the viewer belongs to, with their role in it. */
export interface MembershipView {
  orgId: string;
  orgName: string;
  role: Role;
}
