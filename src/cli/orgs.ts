import type { Command } from "commander";
import { print, table, withDataOptions, withServices } from "./admin-context.ts";

export function registerOrgsCommand(program: Command): void {
  const orgs = program
    .command("orgs")
    .description("Organizations: each owns projects and API keys.");
  withDataOptions(
    orgs
      .command("create")
      .description("Create an organization.")
      .requiredOption("--name <NAME>", "its name")
      .option("--json", 'print the organization, with "id" (and "orgId", the same)'),
  ).action(async (flags) => {
    const organization = await withServices(flags, (services) =>
      services.admin.createOrganization(flags.name),
    );
    print(
      flags.json,
      // `orgId` is kept beside `id` for the scripts written against earlier versions.
      { ...organization, orgId: organization.id },
      () => `Created organization ${organization.name}: ${organization.id}`,
    );
  });
  withDataOptions(
    orgs.command("list").description("List organizations.").option("--json", "print JSON"),
  ).action(async (flags) => {
    const list = await withServices(flags, (services) => services.admin.listOrganizations());
    print(flags.json, list, () =>
      table(
        ["ID", "NAME", "CREATED"],
        list.map((org) => [org.id, org.name, org.createdAt]),
      ),
    );
  });
  withDataOptions(
    orgs
      .command("show")
      .description("Show an organization with its projects and keys.")
      .argument("<ORG_ID>")
      .option("--json", "print JSON"),
  ).action(async (orgId: string, flags) => {
    const shown = await withServices(flags, async (services) => ({
      ...(await services.admin.getOrganization(orgId)),
      projects: await services.admin.listProjects(orgId),
      keys: await services.admin.listApiKeys(orgId),
    }));
    print(flags.json, shown, () =>
      [
        `${shown.name} (${shown.id}), created ${shown.createdAt}`,
        "",
        "Projects:",
        table(
          ["PROJECT ID", "NAME", "DOMAIN", "PLAN"],
          shown.projects.map((project) => [project.id, project.name, project.domain, project.plan]),
        ),
        "",
        "API keys:",
        table(
          ["KEY ID", "NAME", "PREFIX", "LAST USED", "REVOKED"],
          shown.keys.map((key) => [
            key.id,
            key.name,
            `${key.visiblePrefix}…`,
            key.lastUsedAt ?? "never",
            key.revokedAt ?? "",
          ]),
        ),
      ].join("\n"),
    );
  });
}
