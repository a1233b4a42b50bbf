import type { Command } from "commander";
import { checkOrgFlag, print, table, withDataOptions, withServices } from "./admin-context.ts";

export function registerKeysCommand(program: Command): void {
  const keys = program
    .command("keys")
    .description(
      "Admin API keys: Authorization: Bearer quire_... Only a hash is stored; a key is shown once.",
    );
  withDataOptions(
    keys
      .command("create")
      .description(
        "Create an API key for an organization. The key is printed once: store it as a server-side secret.",
      )
      .requiredOption("--org <ORG_ID>", "the organization it acts for")
      .option("--name <NAME>", "a name to tell keys apart")
      .option(
        "--json",
        'print the key\'s record, with "id", and "key": "quire_..." (only this once)',
      )
      .addHelpText(
        "after",
        `
Use it as the header Authorization: Bearer quire_... on /v1 and /v2 requests.
\`quire keys list\` shows its id and first characters; \`quire keys revoke ID\` ends it.`,
      ),
  ).action(async (flags) => {
    const created = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      return services.admin.createApiKey(flags.org, flags.name);
    });
    print(
      flags.json,
      created,
      () =>
        `Created API key ${created.name} (${created.id}). It is shown only this once:\n\n  ${created.key}\n\nKeep it secret: it is a server-side credential, never for client-side code.`,
    );
  });
  withDataOptions(
    keys
      .command("list")
      .description("List API keys (never the keys themselves).")
      .option("--org <ORG_ID>", "only this organization's")
      .option("--json", "print JSON"),
  ).action(async (flags) => {
    const list = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      return services.admin.listApiKeys(flags.org);
    });
    print(flags.json, list, () =>
      table(
        ["KEY ID", "ORG", "NAME", "PREFIX", "CREATED", "LAST USED", "REVOKED"],
        list.map((key) => [
          key.id,
          key.orgId,
          key.name,
          `${key.visiblePrefix}…`,
          key.createdAt,
          key.lastUsedAt ?? "never",
          key.revokedAt ?? "",
        ]),
      ),
    );
  });
  withDataOptions(
    keys
      .command("revoke")
      .description("Revoke an API key: requests with it get 401 from now on.")
      .argument("<KEY_ID>")
      .option("--json", "print JSON"),
  ).action(async (keyId: string, flags) => {
    const revoked = await withServices(flags, (services) => services.admin.revokeApiKey(keyId));
    print(
      flags.json,
      revoked,
      () => `Revoked API key ${revoked.name} (${revoked.id}) at ${revoked.revokedAt}`,
    );
  });
}
