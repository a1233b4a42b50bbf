import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { UsersService } from "../../src/services/users.ts";
import { terminalRecorder } from "../helpers/machine-tools.ts";
import { QUIRE_BIN, runQuire } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const PASSWORD = "correct horse battery staple";

async function newOrg(dataDir: string): Promise<string> {
  const run = await runQuire(["orgs", "create", "--name", "Acme", "--json", "--data-dir", dataDir]);
  return JSON.parse(run.stdout).orgId;
}

async function signIn(dataDir: string, email: string, password: string) {
  const database = await openDatabase(undefined, dataDir);
  try {
    return await new UsersService(database.db).signIn({ email, password, address: "127.0.0.1" });
  } finally {
    await database.close();
  }
}

describe("quire users", () => {
  it("creates a dashboard user with the password from QUIRE_USER_PASSWORD, who can then sign in", async () => {
    const dataDir = makeTempDir();
    const orgId = await newOrg(dataDir);
    const run = await runQuire(
      [
        "users",
        "create",
        "--email",
        "Ada@Example.com",
        "--org",
        orgId,
        "--role",
        "admin",
        "--json",
        "--data-dir",
        dataDir,
      ],
      { env: { QUIRE_USER_PASSWORD: PASSWORD } },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const created = JSON.parse(run.stdout);
    expect(created).toMatchObject({ email: "ada@example.com", orgId, role: "admin" });
    expect(created.userId).toMatch(/^user_/);
    await expect(signIn(dataDir, "ada@example.com", PASSWORD)).resolves.toMatchObject({
      user: { id: created.userId },
    });

    const listed = JSON.parse(
      (await runQuire(["users", "list", "--json", "--data-dir", dataDir])).stdout,
    );
    expect(listed).toMatchObject([
      { id: created.userId, email: "ada@example.com", memberships: [{ orgId, role: "admin" }] },
    ]);
    // An existing account joins another organization; its password stays.
    const other = await newOrg(dataDir);
    const joined = await runQuire([
      "users",
      "create",
      "--email",
      "ada@example.com",
      "--org",
      other,
      "--role",
      "member",
      "--data-dir",
      dataDir,
    ]);
    expect(joined.code).toBe(0);
    expect(joined.stdout).toMatch(
      /Added the existing user ada@example\.com .* as member; their password is unchanged/,
    );
  });

  it("never takes the password as an argument, and asks for it only on a terminal", async () => {
    const dataDir = makeTempDir();
    const orgId = await newOrg(dataDir);
    const noPassword = await runQuire([
      "users",
      "create",
      "--email",
      "ada@example.com",
      "--org",
      orgId,
      "--data-dir",
      dataDir,
    ]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(
      /no password: set QUIRE_USER_PASSWORD, or run the command on a terminal/,
    );
    const asArgument = await runQuire([
      "users",
      "create",
      "--email",
      "ada@example.com",
      "--org",
      orgId,
      "--password",
      PASSWORD,
      "--data-dir",
      dataDir,
    ]);
    expect(asArgument.code).toBe(2);
    expect(asArgument.stderr).toMatch(/unknown option '--password'/);
    const short = await runQuire(
      ["users", "create", "--email", "ada@example.com", "--org", orgId, "--data-dir", dataDir],
      {
        env: { QUIRE_USER_PASSWORD: "short" },
      },
    );
    expect([short.code, short.stderr]).toEqual([
      2,
      "quire: the password must be at least 10 characters\n",
    ]);
    const badEmail = await runQuire(
      ["users", "create", "--email", "ada", "--org", orgId, "--data-dir", dataDir],
      {
        env: { QUIRE_USER_PASSWORD: PASSWORD },
      },
    );
    expect([badEmail.code, badEmail.stderr]).toEqual([
      2,
      'quire: --email must be an email address, not "ada"\n',
    ]);
  });

  const script = terminalRecorder();
  it.skipIf(script.skip)("on a terminal, asks twice without echoing what is typed", async () => {
    script.require();
    const dataDir = makeTempDir();
    const orgId = await newOrg(dataDir);
    const command = [
      process.execPath,
      QUIRE_BIN,
      "users",
      "create",
      "--email",
      "grace@example.com",
      "--org",
      orgId,
      "--data-dir",
      dataDir,
    ]
      .map((part) => `'${part}'`)
      .join(" ");
    // `script` runs the command on a pseudo-terminal, as when a person types.
    const run = await runQuire([], {
      command: [script.command, "-q", "-e", "-c", command, "/dev/null"],
      answers: [
        { prompt: "Password for grace@example.com:", text: `${PASSWORD}\r` },
        { prompt: "Same password again:", text: `${PASSWORD}\r` },
      ],
    });
    expect(run.stdout).toContain("Password for grace@example.com:");
    expect(run.stdout).toContain("Same password again:");
    expect(run.stdout).not.toContain(PASSWORD);
    expect(run.stdout).toMatch(/Created user grace@example\.com/);
    expect(run.code).toBe(0);
    await expect(signIn(dataDir, "grace@example.com", PASSWORD)).resolves.toBeDefined();
  });
});
