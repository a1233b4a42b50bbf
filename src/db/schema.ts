/**
 * The tables as Kysely sees them. Portable column types only (text, integer, real), so the
 * same queries run on SQLite and PostgreSQL; timestamps are ISO 8601 UTC text with
 * milliseconds, which sorts and compares as text the same way on both.
 */
export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  org_id: string;
  name: string;
  domain: string;
  repository: string;
  ref: string | null;
  plan: string;
  deployment: string;
  forge: string | null;
  forge_api_url: string | null;
  /** AES-256-GCM, sealed with a key derived from the installation's secret key. */
  forge_token_sealed: string | null;
  /** 1: the agent opens pull requests as drafts. */
  pull_request_draft: number;
  /** What a static export does with the repository's React components: `interactive`, `static` or `off`. */
  custom_components: string;
  /** 1: an air-gapped export keeps the API playground. */
  air_gapped_playground: number;
  /** 1: exports offer readers the assistant of `quire serve` (`--assistant same-origin`). */
  serve_assistant: number;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  name: string;
  visible_prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AgentJobsTable {
  id: string;
  project_id: string;
  status: string;
  repository: string;
  /** The branch the agent commits to. */
  ref: string;
  /** The project branch the job started from (and its pull request targets). */
  base_ref: string | null;
  model: string;
  pr_link: string | null;
  error: string | null;
  summary: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  /** The model conversation so far (JSON), so a follow-up message continues it. */
  conversation: string | null;
  /** The commit the run pushed, until its pull request is open. */
  pushed_commit: string | null;
}

export interface AgentMessagesTable {
  id: string;
  job_id: string;
  /** Position in the conversation, from 1. */
  seq: number;
  prompt: string;
  created_at: string;
}

export interface ExportJobsTable {
  id: string;
  org_id: string;
  project_id: string;
  domain: string;
  version: string | null;
  /** JSON array of page paths, or null for the whole site. */
  paths: string | null;
  status: string;
  progress: number;
  page_count: number;
  error: string | null;
  /** JSON array of the export's warnings (file, line, message). */
  warnings: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface BundlesTable {
  job_id: string;
  object_key: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
}

/** The durable queue: one row per piece of background work. */
export interface QueueJobsTable {
  id: string;
  /** `export` or `agent`. */
  kind: string;
  /** The export or agent job this work is for. */
  subject_id: string;
  /** Collapses repeated requests for the same work into one pending row. */
  job_key: string | null;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateLimitEventsTable {
  id: string;
  project_id: string;
  created_at: string;
}

/** One step of an agent run: a model call, a tool call, a check, git or forge work. */
export interface AgentStepsTable {
  id: string;
  job_id: string;
  run: number;
  seq: number;
  kind: string;
  name: string;
  input: string | null;
  output: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  duration_ms: number | null;
  created_at: string;
}

/** A dashboard user. The password is kept only as an scrypt hash (domain/password.ts). */
export interface UsersTable {
  id: string;
  /** Lowercase. */
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  user_id: string;
  org_id: string;
  /** `owner`, `admin` or `member`. */
  role: string;
  created_at: string;
}

export interface InvitationsTable {
  id: string;
  org_id: string;
  email: string;
  role: string;
  /** SHA-256 of the link's token, hex. The token itself is shown once. */
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** A signed-in browser. Only a hash of the cookie's value is stored. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  /** The synchronizer token every form and state-changing request of this session carries. */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Sign-in attempts not (yet) followed by a success, per account and client address. */
export interface SignInAttemptsTable {
  id: string;
  account: string;
  address: string;
  created_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  agent_jobs: AgentJobsTable;
  agent_messages: AgentMessagesTable;
  export_jobs: ExportJobsTable;
  bundles: BundlesTable;
  queue_jobs: QueueJobsTable;
  rate_limit_events: RateLimitEventsTable;
  agent_steps: AgentStepsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  schema_migrations: SchemaMigrationsTable;
}
