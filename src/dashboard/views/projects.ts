import {
  COMPONENT_MODES,
  type ComponentMode,
  DEPLOYMENTS,
  FORGES,
  PLANS,
} from "../../domain/project.ts";
import { canManage, type Role } from "../../domain/user.ts";
import { paths } from "../paths.ts";
import {
  alert,
  checkbox,
  copyCode,
  copyValue,
  csrfField,
  dataTable,
  errorSummary,
  type FormErrors,
  selectField,
  textField,
  time,
} from "./components.ts";
import { type Html, html, type Renderable } from "./html.ts";
import { type OrgFrame, page } from "./layout.ts";
import type { ProjectView } from "./models.ts";

/** The project form's values as typed (strings), so a refused form comes back as it was sent. */
export interface ProjectFormValues {
  name: string;
  domain: string;
  repository: string;
  ref: string;
  plan: string;
  deployment: string;
  forge: string;
  forgeApiUrl: string;
  pullRequestDraft: boolean;
  customComponents: string;
  airGappedPlayground: boolean;
  serveAssistant: boolean;
}

export const PROJECT_LABELS: Record<string, string> = {
  name: "Name",
  domain: "Domain",
  repository: "Repository",
  ref: "Branch",
  plan: "Plan",
  deployment: "Deployment",
  forge: "Forge",
  forgeApiUrl: "Forge API URL",
  forgeToken: "Forge token",
  customComponents: "Custom components",
};

export function projectValues(project: ProjectView): ProjectFormValues {
  return {
    name: project.name,
    domain: project.domain,
    repository: project.repository,
    ref: project.ref ?? "",
    plan: project.plan,
    deployment: project.deployment,
    forge: project.forge ?? "",
    forgeApiUrl: project.forgeApiUrl ?? "",
    pullRequestDraft: project.pullRequestDraft,
    customComponents: project.customComponents,
    airGappedPlayground: project.airGappedPlayground,
    serveAssistant: project.serveAssistant,
  };
}

const DEPLOYMENT_LABELS: Record<string, string> = {
  cloud: "Cloud",
  "client-hosted": "Client-hosted",
  "air-gapped": "Air-gapped",
};

const COMPONENT_MODE_LABELS: Record<ComponentMode, string> = {
  interactive: "Interactive: rendered and working in the page",
  static: "Static HTML only",
  off: "Off: left empty",
};

function projectFields(options: {
  values: ProjectFormValues;
  errors?: FormErrors;
  hasForgeToken: boolean;
}): Html {
  const { values, errors } = options;
  return html`
${textField({ name: "name", label: "Name", value: values.name, required: true, errors, attributes: html` maxlength="200"` })}
${textField({ name: "domain", label: "Domain", value: values.domain, required: true, errors, placeholder: "docs.example.com", hint: "The documentation site's host name; static export finds the project by it. Unique.", attributes: html` spellcheck="false" autocapitalize="off"` })}
${textField({ name: "repository", label: "Repository", value: values.repository, required: true, errors, placeholder: "https://github.com/acme/docs.git", hint: "A clone URL (https://, ssh:// or git@host:path).", attributes: html` spellcheck="false" autocapitalize="off"` })}
${textField({ name: "ref", label: "Branch", value: values.ref, errors, placeholder: "main", hint: "Exported, and the base of the agent's pull requests. Empty: the repository's default branch.", attributes: html` spellcheck="false" autocapitalize="off"` })}
${selectField({ name: "plan", label: "Plan", value: values.plan, errors, choices: PLANS.map((plan) => ({ value: plan, label: plan[0]?.toUpperCase() + plan.slice(1) })), hint: "Static export needs the enterprise plan." })}
${selectField({ name: "deployment", label: "Deployment", value: values.deployment, errors, choices: DEPLOYMENTS.map((deployment) => ({ value: deployment, label: DEPLOYMENT_LABELS[deployment] ?? deployment })), hint: "What an export may use: an air-gapped bundle makes no request to any other host." })}
<fieldset>
<legend>Static export</legend>
${selectField({ name: "customComponents", label: "Custom components", value: values.customComponents, errors, choices: COMPONENT_MODES.map((mode) => ({ value: mode, label: COMPONENT_MODE_LABELS[mode] })), hint: "What an export does with the repository's own React components. Interactive runs their code in the reader's browser." })}
${checkbox({ name: "airGappedPlayground", label: "API playground in air-gapped exports", checked: values.airGappedPlayground, hint: "Keeps “Try it” on API pages of an air-gapped bundle; it calls only the servers the OpenAPI specification names or the reader types." })}
${checkbox({ name: "serveAssistant", label: "AI assistant", checked: values.serveAssistant, hint: "Pages offer “Ask AI”: a cloud project’s are answered by this server (with its public URL set), other projects’ by the quire serve that serves them, when the server has a model; without one, readers see no button." })}
</fieldset>
<fieldset>
<legend>Pull requests</legend>
${selectField({ name: "forge", label: "Forge", value: values.forge, errors, choices: [{ value: "", label: "None (push the branch only)" }, ...FORGES.map((forge) => ({ value: forge, label: forge === "github" ? "GitHub" : forge === "gitlab" ? "GitLab" : "Gitea" }))], hint: "Where the agent opens its pull requests." })}
${textField({ name: "forgeApiUrl", label: "Forge API URL", value: values.forgeApiUrl, type: "url", errors, hint: "Only for GitHub Enterprise Server, a self-managed GitLab or Gitea, e.g. https://git.example.com/api/v1.", attributes: html` spellcheck="false"` })}
${textField({
  name: "forgeToken",
  label: "Forge token",
  type: "password",
  errors,
  autocomplete: "off",
  hint: options.hasForgeToken
    ? "A token is stored (encrypted; it is never shown). Leave this empty to keep it, or enter a new one to replace it."
    : "Stored encrypted and never shown again. Needs permission to push branches and open pull requests.",
})}
${options.hasForgeToken ? checkbox({ name: "removeForgeToken", label: "Remove the stored token", checked: false }) : ""}
${checkbox({ name: "pullRequestDraft", label: "Open pull requests as drafts", checked: values.pullRequestDraft })}
</fieldset>`;
}

export function projectsPage(frame: OrgFrame & { projects: ProjectView[] }): string {
  const org = frame.viewer.org;
  const manager = canManage(org.role as Role);
  const rows = frame.projects.map((project) => [
    html`<a href="${paths.project(org.id, project.id)}">${project.name}</a>`,
    project.domain,
    copyCode(`project-id-${project.id}`, project.id, `the project ID of ${project.name}`),
    project.plan,
    html`<a href="${paths.agentJobs(org.id, project.id)}">Agent jobs<span class="visually-hidden"> of ${project.name}</span></a> · <a href="${paths.exports(org.id, project.id)}">Exports<span class="visually-hidden"> of ${project.name}</span></a>`,
  ]);
  return page(
    {
      title: `Projects · ${org.name}`,
      assets: frame.assets,
      viewer: frame.viewer,
      section: "projects",
    },
    html`<div class="heading-row"><h1>Projects</h1>${manager ? html`<a class="button" href="${paths.newProject(org.id)}">New project</a>` : ""}</div>
${dataTable({
  caption: `Projects of ${org.name}`,
  columns: ["Project", "Domain", "Project ID", "Plan", "Jobs"],
  rows,
  empty: manager ? "No projects yet: create the first one." : "No projects yet.",
})}`,
  );
}

export function newProjectPage(
  frame: OrgFrame & { values: ProjectFormValues; errors?: FormErrors },
): string {
  const org = frame.viewer.org;
  return page(
    {
      title: `New project · ${org.name}`,
      assets: frame.assets,
      viewer: frame.viewer,
      section: "projects",
      breadcrumbs: [{ label: "Projects", href: paths.projects(org.id) }, { label: "New project" }],
    },
    html`<h1>New project</h1>
${errorSummary(frame.errors, PROJECT_LABELS)}
<form class="stack" method="post" action="${paths.projects(org.id)}">
${csrfField(frame.viewer.csrfToken)}
${projectFields({ values: frame.values, errors: frame.errors, hasForgeToken: false })}
<div class="row"><button type="submit">Create project</button><a class="button secondary" href="${paths.projects(org.id)}">Cancel</a></div>
</form>`,
  );
}

/** The tabs of a project's pages. */
export function projectTabs(
  orgId: string,
  project: ProjectView,
  current: "overview" | "agent" | "exports",
): Html {
  const tab = (href: string, label: string, active: boolean) =>
    html`<li><a href="${href}"${active ? html` aria-current="page"` : ""}>${label}</a></li>`;
  return html`<nav class="sub-nav" aria-label="Project"><ul>
${tab(paths.project(orgId, project.id), "Overview", current === "overview")}
${tab(paths.agentJobs(orgId, project.id), "Agent jobs", current === "agent")}
${tab(paths.exports(orgId, project.id), "Exports", current === "exports")}
</ul></nav>`;
}

export function projectPageFrame(
  frame: OrgFrame,
  project: ProjectView,
  current: "overview" | "agent" | "exports",
  title: string,
  content: Renderable,
  extra: { trail?: { label: string; href?: string }[]; refreshWithoutScriptSeconds?: number } = {},
): string {
  const org = frame.viewer.org;
  return page(
    {
      title: `${title} · ${project.name}`,
      assets: frame.assets,
      viewer: frame.viewer,
      section: "projects",
      refreshWithoutScriptSeconds: extra.refreshWithoutScriptSeconds,
      breadcrumbs: [
        { label: "Projects", href: paths.projects(org.id) },
        { label: project.name, href: paths.project(org.id, project.id) },
        ...(extra.trail ?? [{ label: title }]),
      ],
    },
    html`<h1>${project.name}${current === "overview" ? "" : html` <span class="muted">· ${title}</span>`}</h1>
${projectTabs(org.id, project, current)}
${content}`,
  );
}

export function projectPage(
  frame: OrgFrame & {
    project: ProjectView;
    values?: ProjectFormValues;
    errors?: FormErrors;
    saved?: boolean;
  },
): string {
  const { project } = frame;
  const org = frame.viewer.org;
  const manager = canManage(org.role as Role);
  const forge = project.forge
    ? `${project.forge}${project.forgeApiUrl ? ` at ${project.forgeApiUrl}` : ""}`
    : "none";
  return projectPageFrame(
    frame,
    project,
    "overview",
    "Overview",
    html`${frame.saved ? alert("success", html`<p>The project is saved.</p>`) : ""}
<section class="panel" aria-labelledby="about-heading">
<h2 id="about-heading">About this project</h2>
${copyValue({ id: "project-id", label: "Project ID", value: project.id, hint: html`The agent API takes it: <code>POST /v2/agent/${project.id}/job</code>.` })}
<dl class="facts">
<dt>Domain</dt><dd>${project.domain}</dd>
<dt>Repository</dt><dd><code>${project.repository}</code></dd>
<dt>Branch</dt><dd>${project.ref ?? html`<span class="muted">the repository's default</span>`}</dd>
<dt>Plan</dt><dd>${project.plan}</dd>
<dt>Deployment</dt><dd>${project.deployment}</dd>
<dt>Custom components</dt><dd>${COMPONENT_MODE_LABELS[project.customComponents] ?? project.customComponents}</dd>
<dt>API playground</dt><dd>${project.airGappedPlayground ? "kept in air-gapped exports" : "left out of air-gapped exports"}</dd>
<dt>AI assistant</dt><dd>${project.serveAssistant ? (project.deployment === "cloud" ? "offered, answered by this server" : "offered by quire serve") : "none"}</dd>
<dt>Forge</dt><dd>${forge}${project.hasForgeToken ? html` <span class="muted">(token stored, encrypted)</span>` : ""}</dd>
<dt>Created</dt><dd>${time(project.createdAt)}</dd>
<dt>Updated</dt><dd>${time(project.updatedAt)}</dd>
</dl>
</section>
${
  manager
    ? html`<section aria-labelledby="settings-heading">
<h2 id="settings-heading">Settings</h2>
${errorSummary(frame.errors, PROJECT_LABELS)}
<form class="stack" method="post" action="${paths.project(org.id, project.id)}">
${csrfField(frame.viewer.csrfToken)}
${projectFields({ values: frame.values ?? projectValues(project), errors: frame.errors, hasForgeToken: project.hasForgeToken })}
<div><button type="submit">Save project</button></div>
</form>
</section>`
    : alert("info", html`<p>Only owners and admins change a project's settings.</p>`)
}`,
  );
}
