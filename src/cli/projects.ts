import type { Command } from "commander";
import { resolveConfig } from "../config/settings.ts";
import {
  COMPONENT_MODES,
  componentMode,
  DEPLOYMENTS,
  type Deployment,
  FORGES,
  type Forge,
  oneOf,
  PLANS,
  type Plan,
  type Project,
} from "../domain/project.ts";
import {
  checkDomainFlag,
  checkOrgFlag,
  print,
  table,
  withDataOptions,
  withServices,
} from "./admin-context.ts";
import { UsageError } from "./usage-error.ts";

/** What each `--components` mode does, in a few words (help text and `projects show`). */
const COMPONENT_MODE_NOTES: Record<Project["customComponents"], string> = {
  interactive: "rendered and working in the page",
  static: "rendered HTML only, no component code",
  off: "left as empty placeholders",
};

const COMPONENTS_HELP = `what a static export does with the repository's own React components: ${COMPONENT_MODES.map(
  (mode) => `${mode} (${COMPONENT_MODE_NOTES[mode]})`,
).join(", ")}`;

const PLAYGROUND_HELP = "keep the API playground (Try it) in air-gapped exports";
const ASSISTANT_HELP =
  "its exports offer readers the AI assistant (Ask AI): a cloud project's pages ask this API (/v1/assistant/<projectId>, needs --public-url), others' the quire serve beside them; answered when the server has a model";

/** Who answers the readers' assistant of a project's exports (docs/deployment-types.md). */
function assistantNote(project: Project): string {
  if (!project.serveAssistant) return "none";
  return project.deployment === "cloud"
    ? `offered, answered by the admin API (/v1/assistant/${project.id})`
    : "offered by quire serve (same origin)";
}

function describe(project: Project): string {
  return [
    `Project ${project.name}`,
    `  projectId   ${project.id}`,
    `  org         ${project.orgId}`,
    `  domain      ${project.domain}`,
    `  repository  ${project.repository}${project.ref ? ` (branch ${project.ref})` : ""}`,
    `  plan        ${project.plan}`,
    `  deployment  ${project.deployment}`,
    `  components  ${project.customComponents}: ${COMPONENT_MODE_NOTES[project.customComponents]}`,
    `  playground  ${project.airGappedPlayground ? "kept in air-gapped exports" : "left out of air-gapped exports"}`,
    `  assistant   ${assistantNote(project)}`,
    `  forge       ${project.forge ?? "none"}${project.forgeApiUrl ? ` at ${project.forgeApiUrl}` : ""}${project.hasForgeToken ? ", token stored (encrypted)" : ""}${project.forge ? (project.pullRequestDraft ? ", draft pull requests" : ", ready pull requests") : ""}`,
    `  created     ${project.createdAt}`,
  ].join("\n");
}

export function registerProjectsCommand(program: Command): void {
  const projects = program
    .command("projects")
    .description("Projects: one documentation site each, with its repository and domain.");
  withDataOptions(
    projects
      .command("create")
      .description(
        "Create a project. A forge token is read from QUIRE_FORGE_TOKEN, never from an argument, and stored encrypted.",
      )
      .requiredOption("--org <ORG_ID>", "the organization that owns it")
      .requiredOption("--name <NAME>", "its name")
      .requiredOption(
        "--domain <DOMAIN>",
        "its documentation domain, e.g. docs.example.com (unique)",
      )
      .requiredOption("--repo <URL-or-path>", "the docs repository: a clone URL or a local folder")
      .option(
        "--ref <BRANCH>",
        "the branch to export and to open pull requests against (default: the repository's default branch)",
      )
      .option("--plan <PLAN>", `${PLANS.join(", ")} (static export needs enterprise)`, "enterprise")
      .option(
        "--deployment <TYPE>",
        `${DEPLOYMENTS.join(", ")} (what its exports may use: docs/deployment-types.md)`,
        "cloud",
      )
      .option("--forge <FORGE>", `${FORGES.join(", ")}: where pull requests are opened`)
      .option(
        "--forge-api-url <URL>",
        "the forge's API address (GitHub Enterprise Server, self-managed GitLab, Gitea)",
      )
      .option("--draft-pull-requests", "open the agent's pull requests as drafts")
      .option("--components <MODE>", COMPONENTS_HELP, "interactive")
      .option("--playground", PLAYGROUND_HELP)
      .option("--assistant", ASSISTANT_HELP)
      .option("--json", 'print the project, with "id" (and "projectId", the same)')
      .addHelpText(
        "after",
        `
The projectId is what the agent API takes: POST /v2/agent/{projectId}/job.
Static export (POST /v1/static-export/jobs) finds the project by --domain.

Examples:
  quire projects create --org ORG_ID --name Docs --domain docs.acme.com --repo ./docs --json
  QUIRE_FORGE_TOKEN=ghp_... quire projects create --org ORG_ID --name Docs \\
    --domain docs.acme.com --repo https://github.com/acme/docs --ref main --forge github`,
      ),
  ).action(async (flags) => {
    const plan = oneOf<Plan>(PLANS, flags.plan, "--plan");
    const deployment = oneOf<Deployment>(DEPLOYMENTS, flags.deployment, "--deployment");
    const forge = flags.forge === undefined ? null : oneOf<Forge>(FORGES, flags.forge, "--forge");
    const customComponents = componentMode(flags.components, "--components");
    const forgeToken = resolveConfig({}).forgeToken ?? null;
    const project = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      await checkDomainFlag(services, flags.domain);
      return services.admin.createProject({
        orgId: flags.org,
        name: flags.name,
        domain: flags.domain,
        repository: flags.repo,
        ref: flags.ref ?? null,
        plan,
        deployment,
        forge,
        forgeApiUrl: flags.forgeApiUrl ?? null,
        forgeToken,
        pullRequestDraft: flags.draftPullRequests === true,
        customComponents,
        airGappedPlayground: flags.playground === true,
        serveAssistant: flags.assistant === true,
      });
    });
    print(
      flags.json,
      // `projectId` is kept beside `id` for the scripts written against earlier versions.
      { ...project, projectId: project.id },
      () => `Created project ${project.name}: ${project.id}\n${describe(project)}`,
    );
  });
  withDataOptions(
    projects
      .command("update")
      .description(
        "Change a project's settings. Only the options given change; every other setting, the forge and its stored token included, stays as it is.",
      )
      .argument("<PROJECT_ID>")
      .option("--name <NAME>", "its name")
      .option("--domain <DOMAIN>", "its documentation domain, e.g. docs.example.com (unique)")
      .option("--repo <URL-or-path>", "the docs repository: a clone URL or a local folder")
      .option(
        "--ref <BRANCH>",
        'the branch to export and to open pull requests against ("": the repository\'s default branch)',
      )
      .option("--plan <PLAN>", `${PLANS.join(", ")} (static export needs enterprise)`)
      .option(
        "--deployment <TYPE>",
        `${DEPLOYMENTS.join(", ")} (what its exports may use: docs/deployment-types.md)`,
      )
      .option("--components <MODE>", COMPONENTS_HELP)
      .option("--playground", PLAYGROUND_HELP)
      .option("--no-playground", "leave the API playground out of air-gapped exports")
      .option("--assistant", ASSISTANT_HELP)
      .option("--no-assistant", "its exports offer no AI assistant")
      .option("--draft-pull-requests", "open the agent's pull requests as drafts")
      .option("--no-draft-pull-requests", "open the agent's pull requests ready for review")
      .option("--json", "print the project as JSON")
      .addHelpText(
        "after",
        `
The forge, its API address and its token are kept as they are (projects create
sets them).

Examples:
  quire projects update PROJECT_ID --components static --playground
  quire projects update PROJECT_ID --domain docs.acme.com --ref main \\
    --no-draft-pull-requests --json`,
      ),
  ).action(async (projectId: string, flags) => {
    const plan = flags.plan === undefined ? undefined : oneOf<Plan>(PLANS, flags.plan, "--plan");
    const deployment =
      flags.deployment === undefined
        ? undefined
        : oneOf<Deployment>(DEPLOYMENTS, flags.deployment, "--deployment");
    const customComponents =
      flags.components === undefined ? undefined : componentMode(flags.components, "--components");
    const changes = [
      "name",
      "domain",
      "repo",
      "ref",
      "plan",
      "deployment",
      "components",
      "playground",
      "assistant",
      "draftPullRequests",
    ].filter((name) => flags[name] !== undefined);
    if (changes.length === 0)
      throw new UsageError(
        "nothing to change: give at least one of --name, --domain, --repo, --ref, --plan, --deployment, --components, --playground, --no-playground, --assistant, --no-assistant, --draft-pull-requests, --no-draft-pull-requests",
      );
    const project = await withServices(flags, async (services) => {
      const current = await services.admin.getProject(projectId);
      if (flags.domain !== undefined) await checkDomainFlag(services, flags.domain, current.id);
      return services.admin.updateProject(current.orgId, current.id, {
        name: flags.name ?? current.name,
        domain: flags.domain ?? current.domain,
        repository: flags.repo ?? current.repository,
        ref: flags.ref === undefined ? current.ref : flags.ref === "" ? null : flags.ref,
        plan: plan ?? current.plan,
        deployment: deployment ?? current.deployment,
        // Not options of this command: passed through so that they stay as they are.
        forge: current.forge,
        forgeApiUrl: current.forgeApiUrl,
        forgeToken: undefined,
        pullRequestDraft: flags.draftPullRequests ?? current.pullRequestDraft,
        customComponents: customComponents ?? current.customComponents,
        airGappedPlayground: flags.playground ?? current.airGappedPlayground,
        serveAssistant: flags.assistant ?? current.serveAssistant,
      });
    });
    print(
      flags.json,
      project,
      () => `Updated project ${project.name}: ${project.id}\n${describe(project)}`,
    );
  });
  withDataOptions(
    projects
      .command("list")
      .description("List projects.")
      .option("--org <ORG_ID>", "only this organization's")
      .option("--json", "print JSON"),
  ).action(async (flags) => {
    const list = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      return services.admin.listProjects(flags.org);
    });
    print(flags.json, list, () =>
      table(
        ["PROJECT ID", "ORG", "NAME", "DOMAIN", "PLAN", "DEPLOYMENT"],
        list.map((project) => [
          project.id,
          project.orgId,
          project.name,
          project.domain,
          project.plan,
          project.deployment,
        ]),
      ),
    );
  });
  withDataOptions(
    projects
      .command("show")
      .description("Show a project.")
      .argument("<PROJECT_ID>")
      .option("--json", "print JSON"),
  ).action(async (projectId: string, flags) => {
    const project = await withServices(flags, (services) => services.admin.getProject(projectId));
    print(flags.json, project, () => describe(project));
  });
}
