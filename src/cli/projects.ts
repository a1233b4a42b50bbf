import type { Command } from "commander";
import { resolveConfig } from "../config/settings.ts";
import {
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

function describe(project: Project): string {
  return [
    `Project ${project.name}`,
    `  projectId   ${project.id}`,
    `  org         ${project.orgId}`,
    `  domain      ${project.domain}`,
    `  repository  ${project.repository}${project.ref ? ` (branch ${project.ref})` : ""}`,
    `  plan        ${project.plan}`,
    `  deployment  ${project.deployment}`,
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
        `${DEPLOYMENTS.join(", ")} (SPEC §3: what the export may use)`,
        "cloud",
      )
      .option("--forge <FORGE>", `${FORGES.join(", ")}: where pull requests are opened`)
      .option(
        "--forge-api-url <URL>",
        "the forge's API address (GitHub Enterprise Server, self-managed GitLab, Gitea)",
      )
      .option("--draft-pull-requests", "open the agent's pull requests as drafts")
      .option("--json", 'print {"projectId": ...}')
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
      });
    });
    print(
      flags.json,
      { projectId: project.id },
      () => `Created project ${project.name}: ${project.id}\n${describe(project)}`,
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
