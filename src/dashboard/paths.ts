/** Every dashboard address, in one place. */
export const DASHBOARD_PREFIX = "/dashboard";

const org = (orgId: string) => `${DASHBOARD_PREFIX}/orgs/${encodeURIComponent(orgId)}`;
const project = (orgId: string, projectId: string) =>
  `${org(orgId)}/projects/${encodeURIComponent(projectId)}`;

export const paths = {
  home: DASHBOARD_PREFIX,
  signIn: `${DASHBOARD_PREFIX}/sign-in`,
  signOut: `${DASHBOARD_PREFIX}/sign-out`,
  signOutEverywhere: `${DASHBOARD_PREFIX}/sign-out-everywhere`,
  account: `${DASHBOARD_PREFIX}/account`,
  /** The token is in the query, which the request log leaves out. */
  invitation: (token: string) =>
    `${DASHBOARD_PREFIX}/invitation?token=${encodeURIComponent(token)}`,
  acceptInvitation: `${DASHBOARD_PREFIX}/invitation`,
  org,
  projects: (orgId: string) => `${org(orgId)}/projects`,
  newProject: (orgId: string) => `${org(orgId)}/projects/new`,
  project,
  agentJobs: (orgId: string, projectId: string) => `${project(orgId, projectId)}/agent-jobs`,
  agentJob: (orgId: string, projectId: string, jobId: string) =>
    `${project(orgId, projectId)}/agent-jobs/${encodeURIComponent(jobId)}`,
  exports: (orgId: string, projectId: string) => `${project(orgId, projectId)}/exports`,
  exportJob: (orgId: string, projectId: string, jobId: string) =>
    `${project(orgId, projectId)}/exports/${encodeURIComponent(jobId)}`,
  keys: (orgId: string) => `${org(orgId)}/settings/api-keys`,
  revokeKey: (orgId: string, keyId: string) =>
    `${org(orgId)}/settings/api-keys/${encodeURIComponent(keyId)}/revoke`,
  members: (orgId: string) => `${org(orgId)}/settings/members`,
  member: (orgId: string, userId: string) =>
    `${org(orgId)}/settings/members/${encodeURIComponent(userId)}`,
  invitations: (orgId: string) => `${org(orgId)}/settings/invitations`,
  revokeInvitation: (orgId: string, invitationId: string) =>
    `${org(orgId)}/settings/invitations/${encodeURIComponent(invitationId)}/revoke`,
};

/** A `next` address after signing in: only a dashboard page of this server. */
export function safeNext(next: unknown): string {
  if (typeof next !== "string") return paths.home;
  if (!next.startsWith(`${DASHBOARD_PREFIX}/`) && next !== DASHBOARD_PREFIX) return paths.home;
  if (next.startsWith("//") || next.includes("\\") || /[\r\n]/.test(next)) return paths.home;
  return next;
}

/** An address with query parameters (empty ones left out). */
export function withQuery(path: string, query: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== "") search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
