import type { Command } from "commander";
import { resolveConfig } from "../config/settings.ts";
import { ROLES } from "../domain/user.ts";
import { checkOrgFlag, print, table, withDataOptions, withServices } from "./admin-context.ts";
import { UsageError } from "./usage-error.ts";

/**
 * Reads a line from the terminal without echoing it. Ctrl-C or Ctrl-D give up; backspace
 * works. Only on a terminal: a password never comes from a pipe by accident.
 */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  return new Promise((resolve, reject) => {
    let value = "";
    output.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      output.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") return finish();
        if (character === "\u0003" || character === "\u0004")
          return finish(new UsageError("no password given"));
        if (character === "\u007f" || character === "\b") value = value.slice(0, -1);
        else if (character >= " ") value += character;
      }
    };
    input.on("data", onData);
  });
}

/** The new user's password: QUIRE_USER_PASSWORD, else asked twice on the terminal. */
async function readPassword(email: string): Promise<string> {
  const fromEnvironment = resolveConfig({}).userPassword;
  if (fromEnvironment !== undefined) return fromEnvironment;
  if (!process.stdin.isTTY)
    throw new UsageError(
      "no password: set QUIRE_USER_PASSWORD, or run the command on a terminal to be asked for it",
    );
  const first = await promptHidden(`Password for ${email}: `);
  const second = await promptHidden("Same password again: ");
  if (first !== second) throw new UsageError("the two passwords differ");
  return first;
}

export function registerUsersCommand(program: Command): void {
  const users = program
    .command("users")
    .description(
      "Dashboard users: who signs in at /dashboard, and their role in each organization.",
    );
  withDataOptions(
    users
      .command("create")
      .description(
        "Create a dashboard user in an organization (or add an existing user to it). The password comes from QUIRE_USER_PASSWORD or a prompt, never from an argument.",
      )
      .requiredOption("--email <EMAIL>", "the address they sign in with")
      .requiredOption("--org <ORG_ID>", "the organization they join")
      .option(
        "--role <ROLE>",
        `${ROLES.join(", ")}: owners and admins manage API keys, members and projects`,
        "owner",
      )
      .option("--json", 'print the user, with "id", "email", and the "orgId" and "role" given')
      .addHelpText(
        "after",
        `
The first user of an installation is made here; they invite the others from the
dashboard (Members page). Then open /dashboard on the server \`quire api\` runs.

Examples:
  quire users create --email ada@example.com --org ORG_ID          # asks for the password
  QUIRE_USER_PASSWORD=... quire users create --email ci@example.com --org ORG_ID --role member`,
      ),
  ).action(async (flags) => {
    const result = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      return services.users.createUser({
        email: flags.email,
        orgId: flags.org,
        role: flags.role,
        password: () => readPassword(flags.email),
      });
    });
    print(
      flags.json,
      // `userId` is kept beside `id` for the scripts written against earlier versions.
      { ...result.user, orgId: flags.org, role: result.role, userId: result.user.id },
      () =>
        result.created
          ? `Created user ${result.user.email} (${result.user.id}), ${result.role} of ${flags.org}. They sign in at /dashboard.`
          : `Added the existing user ${result.user.email} (${result.user.id}) to ${flags.org} as ${result.role}; their password is unchanged.`,
    );
  });
  withDataOptions(
    users
      .command("list")
      .description("List dashboard users and their roles.")
      .option("--org <ORG_ID>", "only this organization's")
      .option("--json", "print JSON"),
  ).action(async (flags) => {
    const list = await withServices(flags, async (services) => {
      await checkOrgFlag(services, flags.org);
      return services.users.listUsers(flags.org);
    });
    print(flags.json, list, () =>
      table(
        ["USER ID", "EMAIL", "ORGANIZATIONS", "CREATED"],
        list.map((user) => [
          user.id,
          user.email,
          user.memberships
            .map((membership) => `${membership.orgId} (${membership.role})`)
            .join(", "),
          user.createdAt,
        ]),
      ),
    );
  });
}
