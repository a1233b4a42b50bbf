import type { FastifyInstance, FastifyRequest } from "fastify";
import { FieldError, QuireError } from "../../domain/errors.ts";
import {
  COMPONENT_MODES,
  type ComponentMode,
  DEPLOYMENTS,
  type Deployment,
  FORGES,
  type Forge,
  PLANS,
  type Plan,
  type Project,
} from "../../domain/project.ts";
import { type Dashboard, formFields, orgFrame, sendHtml } from "../context.ts";
import { paths, withQuery } from "../paths.ts";
import {
  newProjectPage,
  type ProjectFormValues,
  projectPage,
  projectsPage,
} from "../views/projects.ts";

type OrgParams = { orgId: string };
type ProjectParams = OrgParams & { projectId: string };

/** The project an address names, in the viewer's organization (another's is not found). */
export async function projectOf(request: FastifyRequest, dashboard: Dashboard): Promise<Project> {
  const { orgId, projectId } = request.params as ProjectParams;
  const project = (await dashboard.services.admin.listProjects(orgId)).find(
    (candidate) => candidate.id === projectId,
  );
  if (!project)
    throw new QuireError(
      "QUIRE_ERR_PROJECT_NOT_FOUND",
      `no project "${projectId}" in this organization`,
    );
  return project;
}

function valuesOf(fields: Record<string, string>): ProjectFormValues {
  return {
    name: fields.name ?? "",
    domain: fields.domain ?? "",
    repository: fields.repository ?? "",
    ref: (fields.ref ?? "").trim(),
    plan: fields.plan ?? "enterprise",
    deployment: fields.deployment ?? "cloud",
    forge: fields.forge ?? "",
    forgeApiUrl: (fields.forgeApiUrl ?? "").trim(),
    pullRequestDraft: fields.pullRequestDraft === "1",
    customComponents: fields.customComponents ?? "interactive",
    airGappedPlayground: fields.airGappedPlayground === "1",
    serveAssistant: fields.serveAssistant === "1",
  };
}

/** A choice from a fixed list, or a form error naming the field. */
function choice<T extends string>(choices: readonly T[], value: string, field: string): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new FieldError(
    field,
    `${field} is not one of ${choices.join(", ")}`,
    `choose one of ${choices.join(", ")}`,
  );
}

function projectInput(values: ProjectFormValues) {
  return {
    name: values.name,
    domain: values.domain,
    repository: values.repository,
    ref: values.ref === "" ? null : values.ref,
    plan: choice<Plan>(PLANS, values.plan, "plan"),
    deployment: choice<Deployment>(DEPLOYMENTS, values.deployment, "deployment"),
    forge: values.forge === "" ? null : choice<Forge>(FORGES, values.forge, "forge"),
    forgeApiUrl: values.forgeApiUrl === "" ? null : values.forgeApiUrl,
    pullRequestDraft: values.pullRequestDraft,
    customComponents: choice<ComponentMode>(
      COMPONENT_MODES,
      values.customComponents,
      "customComponents",
    ),
    airGappedPlayground: values.airGappedPlayground,
    serveAssistant: values.serveAssistant,
    // The dashboard takes clone URLs only: folders on the server are the operator's to set.
    allowLocalRepository: false,
  };
}

/** Projects: the list with every project's ID, creating one, and a project's settings. */
export async function projectPages(app: FastifyInstance, dashboard: Dashboard): Promise<void> {
  const { admin, users } = dashboard.services;
  const hidden = { hide: true };
  const userOf = (request: FastifyRequest) => request.viewer?.session.userId as string;

  app.get("/", { schema: hidden }, async (request, reply) =>
    reply.redirect(paths.projects((request.params as OrgParams).orgId), 303),
  );

  app.get("/projects", { schema: hidden }, async (request, reply) => {
    const { orgId } = request.params as OrgParams;
    return sendHtml(
      reply,
      projectsPage({ ...orgFrame(request, dashboard), projects: await admin.listProjects(orgId) }),
    );
  });

  app.get("/projects/new", { schema: hidden }, async (request, reply) => {
    const { orgId } = request.params as OrgParams;
    await users.requireManager(userOf(request), orgId);
    return sendHtml(
      reply,
      newProjectPage({ ...orgFrame(request, dashboard), values: valuesOf({}) }),
    );
  });

  app.post("/projects", { schema: hidden }, async (request, reply) => {
    const { orgId } = request.params as OrgParams;
    await users.requireManager(userOf(request), orgId);
    const fields = formFields(request);
    const values = valuesOf(fields);
    try {
      const project = await admin.createProject({
        orgId,
        ...projectInput(values),
        forgeToken: fields.forgeToken ? fields.forgeToken : null,
      });
      return reply.redirect(paths.project(orgId, project.id), 303);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return sendHtml(
        reply,
        newProjectPage({
          ...orgFrame(request, dashboard),
          values,
          errors: { [error.field]: error.problem },
        }),
        400,
      );
    }
  });

  app.get("/projects/:projectId", { schema: hidden }, async (request, reply) => {
    const project = await projectOf(request, dashboard);
    return sendHtml(
      reply,
      projectPage({
        ...orgFrame(request, dashboard),
        project,
        saved: (request.query as { done?: string }).done === "saved",
      }),
    );
  });

  app.post("/projects/:projectId", { schema: hidden }, async (request, reply) => {
    const { orgId } = request.params as ProjectParams;
    await users.requireManager(userOf(request), orgId);
    const project = await projectOf(request, dashboard);
    const fields = formFields(request);
    const values = valuesOf(fields);
    try {
      await admin.updateProject(orgId, project.id, {
        ...projectInput(values),
        forgeToken:
          fields.removeForgeToken === "1"
            ? null
            : fields.forgeToken
              ? fields.forgeToken
              : undefined,
      });
      return reply.redirect(withQuery(paths.project(orgId, project.id), { done: "saved" }), 303);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return sendHtml(
        reply,
        projectPage({
          ...orgFrame(request, dashboard),
          project,
          values,
          errors: { [error.field]: error.problem },
        }),
        400,
      );
    }
  });
}
