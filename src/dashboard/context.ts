import assert from "node:assert";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isObject } from "../common/is-object.ts";
import type { AdminService } from "../services/admin.ts";
import type { AgentJobService } from "../services/agent-jobs.ts";
import type { StaticExportService } from "../services/static-export.ts";
import type { UsersService } from "../services/users.ts";
import type { DashboardAssets } from "./assets.ts";
import type { OrgFrame, ViewerFrame } from "./views/layout.ts";

/** The domain services the dashboard calls: the same ones as the API and the CLI. */
export interface DashboardServices {
  admin: AdminService;
  agentJobs: AgentJobService;
  exports: StaticExportService;
  users: UsersService;
}

/** What every dashboard page handler is given. */
export interface Dashboard {
  services: DashboardServices;
  assets: DashboardAssets;
  publicUrl: string | undefined;
}

/** A submitted form's fields (every value a string; a field sent twice keeps its last value). */
export function formFields(request: FastifyRequest): Record<string, string> {
  // parse-form.ts made every value a string.
  return isObject(request.body) ? (request.body as Record<string, string>) : {};
}

export function sendHtml(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").send(body);
}

/** The signed-in viewer of an organization page, for its header. */
export function viewerFrame(request: FastifyRequest): ViewerFrame {
  const viewer = request.viewer;
  assert(viewer, "viewerFrame is called in signed-in requests only");
  const membership = request.membership;
  return {
    email: viewer.session.email,
    csrfToken: viewer.session.csrfToken,
    org: membership
      ? { id: membership.orgId, name: membership.orgName, role: membership.role }
      : undefined,
    orgCount: viewer.memberships.length,
  };
}

/** The frame of an organization's page (the organization hook has set the membership). */
export function orgFrame(request: FastifyRequest, dashboard: Dashboard): OrgFrame {
  const viewer = viewerFrame(request);
  assert(viewer.org, "orgFrame is called on organization pages only, after their membership hook");
  return { assets: dashboard.assets, viewer: { ...viewer, org: viewer.org } };
}
