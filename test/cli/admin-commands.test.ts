import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { openInstallation } from "../../src/installation/index.ts";
import type { Services } from "../../src/services/index.ts";
import { QUIRE_BIN, type QuireRun, quireEnvironment, runQuire } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const DOCS = path.resolve("examples/docs");

/** Runs a command that must succeed and print JSON; returns the JSON. */
// biome-ignore lint/suspicious/noExplicitAny: printed JSON, checked by the assertions.
async function quireJson(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<any> {
  const run = await runQuire([...args, "--json"], options);
  expect(run.stderr, `quire ${args.join(" ")}`).toBe("");
  expect(run.code, `quire ${args.join(" ")}`).toBe(0);
  return JSON.parse(run.stdout);
}

/** The project row as stored, read straight from the installation's SQLite file. */
function storedProject(dataDir: string, projectId: string): Record<string, unknown> {
  const database = new DatabaseSync(path.join(dataDir, "quire.db"), { readOnly: true });
  try {
    return database.prepare("select * from projects where id = ?").get(projectId) as Record<
      string,
      unknown
    >;
  } finally {
    database.close();
  }
}

/** Every byte of every file under a folder (the database, its WAL, the object store...). */
function everyFileIn(folder: string): Buffer {
  const parts: Buffer[] = [];
  for (const entry of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const file = path.join(folder, entry);
    if (statSync(file).isFile()) parts.push(readFileSync(file));
  }
  return Buffer.concat(parts);
}

async function createOrg(dataDir: string, name = "Acme"): Promise<string> {
  const printed = await quireJson(["orgs", "create", "--name", name, "--data-dir", dataDir]);
  return printed.orgId as string;
}

async function createProject(
  dataDir: string,
  orgId: string,
  domain: string,
  extra: string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  const printed = await quireJson(
    [
      "projects",
      "create",
      "--org",
      orgId,
      "--name",
      "Docs",
      "--domain",
      domain,
      "--repo",
      "examples/docs",
      "--data-dir",
      dataDir,
      ...extra,
    ],
    { env },
  );
  return printed.projectId as string;
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (opened.length > 0) await (opened.pop() as { close(): Promise<void> }).close();
});

/**
 * The same installation opened in this process, to set up what a test needs before the
 * command it is about (a spawned command costs half a second; this costs milliseconds).
 */
async function fixtures(dataDir: string): Promise<Services["admin"]> {
  const installation = await openInstallation(resolveConfig({ dataDir, logLevel: "silent" }, {}));
  opened.push(installation);
  return installation.services.admin;
}

describe("quire orgs", () => {
  it("orgs create --json prints the organization with its id, and orgId, the same, for earlier scripts", async () => {
    const dataDir = makeTempDir();
    const run = await runQuire([
      "orgs",
      "create",
      "--name",
      "Acme Docs",
      "--json",
      "--data-dir",
      dataDir,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const printed = JSON.parse(run.stdout);
    expect(printed).toEqual({
      id: expect.stringMatching(/^org_[0-9a-z]+$/),
      name: "Acme Docs",
      createdAt: expect.any(String),
      orgId: printed.id,
    });
    // The same object orgs list gives back, less the alias.
    const { orgId: _alias, ...organization } = printed;
    expect(await quireJson(["orgs", "list", "--data-dir", dataDir])).toEqual([organization]);
    // The data dir was made, with the SQLite file in it.
    expect(statSync(path.join(dataDir, "quire.db")).isFile()).toBe(true);
  });

  it("orgs list and orgs show, as text and --json", async () => {
    const dataDir = makeTempDir();
    const admin = await fixtures(dataDir);
    const first = (await admin.createOrganization("First Org")).id;
    const second = (await admin.createOrganization("Second Org")).id;
    const projectId = (
      await admin.createProject({
        orgId: first,
        name: "Docs",
        domain: "docs.first.example",
        repository: "examples/docs",
      })
    ).id;
    const key = await admin.createApiKey(first, "ci");

    const [listText, listJson, showText, showJson] = await Promise.all([
      runQuire(["orgs", "list", "--data-dir", dataDir]),
      quireJson(["orgs", "list", "--data-dir", dataDir]),
      runQuire(["orgs", "show", first, "--data-dir", dataDir]),
      quireJson(["orgs", "show", first, "--data-dir", dataDir]),
    ]);
    expect(listText.code).toBe(0);
    expect(listText.stdout).toMatch(/^ID\s+NAME\s+CREATED$/m);
    expect(listText.stdout).toMatch(new RegExp(`^${first}\\s+First Org\\s+\\d{4}-`, "m"));
    expect(listText.stdout).toMatch(new RegExp(`^${second}\\s+Second Org\\s+\\d{4}-`, "m"));
    expect(listJson.map((org: { id: string }) => org.id)).toEqual([first, second]);
    expect(listJson[0]).toMatchObject({
      id: first,
      name: "First Org",
      createdAt: expect.stringMatching(/Z$/),
    });

    expect(showText.code).toBe(0);
    expect(showText.stdout).toContain(`First Org (${first})`);
    expect(showText.stdout).toContain(projectId);
    expect(showText.stdout).toContain("docs.first.example");
    expect(showText.stdout).toContain(key.id);
    expect(showText.stdout).toContain(`${key.key.slice(0, 12)}…`);
    expect(showText.stdout).not.toContain(key.key);
    expect(showJson).toMatchObject({ id: first, name: "First Org" });
    expect((showJson.projects as Array<{ id: string }>).map((project) => project.id)).toEqual([
      projectId,
    ]);
    expect((showJson.keys as Array<{ id: string }>).map((listed) => listed.id)).toEqual([key.id]);
    expect(JSON.stringify(showJson)).not.toContain(key.key);
  });
});

describe("quire projects", () => {
  it("projects create --json prints the project with its id, and projectId, the same; projects show and list give it back", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const run = await runQuire([
      "projects",
      "create",
      "--org",
      orgId,
      "--name",
      "Docs",
      "--domain",
      "https://Docs.Acme.Example/",
      "--repo",
      "examples/docs",
      "--json",
      "--data-dir",
      dataDir,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed.projectId).toMatch(/^proj_[0-9a-z]+$/);
    expect(printed.id).toBe(printed.projectId);

    const shown = await quireJson(["projects", "show", printed.projectId, "--data-dir", dataDir]);
    // One shape: what create printed is what show prints, with the alias beside its id.
    expect(printed).toEqual({ ...shown, projectId: shown.id });
    // Defaults: enterprise plan, cloud deployment, the repository's own branch, no forge.
    expect(shown).toMatchObject({
      id: printed.projectId,
      orgId,
      name: "Docs",
      domain: "docs.acme.example",
      repository: DOCS,
      ref: null,
      plan: "enterprise",
      deployment: "cloud",
      forge: null,
      forgeApiUrl: null,
      hasForgeToken: false,
    });

    const [listText, listJson, showText] = await Promise.all([
      runQuire(["projects", "list", "--data-dir", dataDir]),
      quireJson(["projects", "list", "--org", orgId, "--data-dir", dataDir]),
      runQuire(["projects", "show", printed.projectId, "--data-dir", dataDir]),
    ]);
    expect(listText.stdout).toMatch(/^PROJECT ID\s+ORG\s+NAME\s+DOMAIN\s+PLAN\s+DEPLOYMENT$/m);
    expect(listText.stdout).toMatch(
      new RegExp(
        `^${printed.projectId}\\s+${orgId}\\s+Docs\\s+docs\\.acme\\.example\\s+enterprise\\s+cloud$`,
        "m",
      ),
    );
    expect(listJson.map((project: { id: string }) => project.id)).toEqual([printed.projectId]);
    expect(showText.stdout).toMatch(new RegExp(`projectId\\s+${printed.projectId}`));
    expect(showText.stdout).toMatch(/domain\s+docs\.acme\.example/);
    expect(showText.stdout).toMatch(/forge\s+none/);
  });

  it("takes --ref, --plan, --deployment, --forge and --forge-api-url", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const [projectId, other] = await Promise.all([
      createProject(dataDir, orgId, "docs.gitea.example", [
        "--ref",
        "release/2.x",
        "--plan",
        "pro",
        "--deployment",
        "air-gapped",
        "--forge",
        "gitea",
        "--forge-api-url",
        "https://git.internal.example/api/v1",
      ]),
      createProject(dataDir, orgId, "docs.gitlab.example", [
        "--plan",
        "free",
        "--deployment",
        "client-hosted",
        "--forge",
        "gitlab",
      ]),
    ]);
    const [shown, shownOther, text] = await Promise.all([
      quireJson(["projects", "show", projectId, "--data-dir", dataDir]),
      quireJson(["projects", "show", other, "--data-dir", dataDir]),
      runQuire(["projects", "show", projectId, "--data-dir", dataDir]),
    ]);
    expect(shown).toMatchObject({
      ref: "release/2.x",
      plan: "pro",
      deployment: "air-gapped",
      forge: "gitea",
      forgeApiUrl: "https://git.internal.example/api/v1",
      hasForgeToken: false,
    });
    expect(shownOther).toMatchObject({
      ref: null,
      plan: "free",
      deployment: "client-hosted",
      forge: "gitlab",
      forgeApiUrl: null,
    });
    expect(text.stdout).toContain("(branch release/2.x)");
    expect(text.stdout).toMatch(/plan\s+pro/);
    expect(text.stdout).toMatch(/deployment\s+air-gapped/);
    expect(text.stdout).toContain("gitea at https://git.internal.example/api/v1");
  });

  it("reads a forge token only from QUIRE_FORGE_TOKEN, stores it encrypted and never shows it", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const token = `ghp_${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 36)}`;
    const projectId = await createProject(
      dataDir,
      orgId,
      "docs.token.example",
      ["--forge", "github"],
      { QUIRE_FORGE_TOKEN: token },
    );

    const [shown, text, list, orgShown] = await Promise.all([
      quireJson(["projects", "show", projectId, "--data-dir", dataDir]),
      runQuire(["projects", "show", projectId, "--data-dir", dataDir]),
      runQuire(["projects", "list", "--json", "--data-dir", dataDir]),
      runQuire(["orgs", "show", orgId, "--json", "--data-dir", dataDir]),
    ]);
    expect(shown.hasForgeToken).toBe(true);
    expect(text.stdout).toContain("token stored (encrypted)");
    for (const output of [
      JSON.stringify(shown),
      text.stdout,
      text.stderr,
      list.stdout,
      orgShown.stdout,
    ])
      expect(output).not.toContain(token);

    // Not in the database file (nor its WAL), nor anywhere else in the data dir.
    const stored = everyFileIn(dataDir);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.includes(token)).toBe(false);
    expect(stored.includes(token.slice(4))).toBe(false);
    expect(stored.includes(Buffer.from(token).toString("base64"))).toBe(false);

    // Never from an argument; without the variable, no token is stored.
    const [argument, without] = await Promise.all([
      runQuire([
        "projects",
        "create",
        "--org",
        orgId,
        "--name",
        "Docs",
        "--domain",
        "docs.other.example",
        "--repo",
        "examples/docs",
        "--forge-token",
        token,
        "--data-dir",
        dataDir,
      ]),
      quireJson([
        "projects",
        "create",
        "--org",
        orgId,
        "--name",
        "Docs",
        "--domain",
        "docs.none.example",
        "--repo",
        "examples/docs",
        "--forge",
        "github",
        "--data-dir",
        dataDir,
      ]),
    ]);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain("--forge-token");
    await expect(
      (await fixtures(dataDir)).getProject(without.projectId as string),
    ).resolves.toMatchObject({ hasForgeToken: false });
  });

  it("takes --components, --playground and --assistant, and projects show gives them back; the defaults are interactive, no playground and no assistant", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const [chosen, plain] = await Promise.all([
      createProject(dataDir, orgId, "docs.static.example", [
        "--deployment",
        "air-gapped",
        "--components",
        "static",
        "--playground",
        "--assistant",
      ]),
      createProject(dataDir, orgId, "docs.plain.example"),
    ]);
    const [shown, shownPlain, text, textPlain] = await Promise.all([
      quireJson(["projects", "show", chosen, "--data-dir", dataDir]),
      quireJson(["projects", "show", plain, "--data-dir", dataDir]),
      runQuire(["projects", "show", chosen, "--data-dir", dataDir]),
      runQuire(["projects", "show", plain, "--data-dir", dataDir]),
    ]);
    expect(shown).toMatchObject({
      deployment: "air-gapped",
      customComponents: "static",
      airGappedPlayground: true,
      serveAssistant: true,
    });
    expect(shownPlain).toMatchObject({
      customComponents: "interactive",
      airGappedPlayground: false,
      serveAssistant: false,
    });
    expect(text.stdout).toMatch(/components\s+static: rendered HTML only/);
    expect(text.stdout).toMatch(/playground\s+kept in air-gapped exports/);
    expect(textPlain.stdout).toMatch(/components\s+interactive: rendered and working in the page/);
    expect(textPlain.stdout).toMatch(/playground\s+left out of air-gapped exports/);
    expect(text.stdout).toMatch(/assistant\s+offered by quire serve/);
    expect(textPlain.stdout).toMatch(/assistant\s+none/);
    // Stored as the columns the export job reads.
    expect(storedProject(dataDir, chosen)).toMatchObject({
      custom_components: "static",
      air_gapped_playground: 1,
      serve_assistant: 1,
    });
  });

  it("projects update changes only the options given, and keeps the forge, its API address and the stored token as they were", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const token = `ghp_${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 36)}`;
    const projectId = await createProject(
      dataDir,
      orgId,
      "docs.update.example",
      [
        "--ref",
        "main",
        "--plan",
        "pro",
        "--forge",
        "gitea",
        "--forge-api-url",
        "https://git.internal.example/api/v1",
        "--draft-pull-requests",
      ],
      { QUIRE_FORGE_TOKEN: token },
    );
    const before = await quireJson(["projects", "show", projectId, "--data-dir", dataDir]);
    const sealedBefore = storedProject(dataDir, projectId).forge_token_sealed;
    expect(sealedBefore).toEqual(expect.any(String));

    const updated = await quireJson([
      "projects",
      "update",
      projectId,
      "--components",
      "off",
      "--playground",
      "--name",
      "Handbook",
      "--data-dir",
      dataDir,
    ]);
    const { updatedAt: _updatedAt, ...unchanged } = before;
    expect(updated).toEqual({
      ...unchanged,
      name: "Handbook",
      customComponents: "off",
      airGappedPlayground: true,
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect(updated).toMatchObject({
      domain: "docs.update.example",
      ref: "main",
      plan: "pro",
      deployment: "cloud",
      forge: "gitea",
      forgeApiUrl: "https://git.internal.example/api/v1",
      hasForgeToken: true,
      pullRequestDraft: true,
    });
    expect(await quireJson(["projects", "show", projectId, "--data-dir", dataDir])).toEqual(
      updated,
    );
    // The very same sealed token, not a new one (nor none).
    expect(storedProject(dataDir, projectId).forge_token_sealed).toBe(sealedBefore);

    // The --no- forms turn the switches off; its own domain is not "taken"; --ref "" is the default branch.
    const text = await runQuire([
      "projects",
      "update",
      projectId,
      "--no-playground",
      "--no-draft-pull-requests",
      "--domain",
      "DOCS.update.example",
      "--ref",
      "",
      "--deployment",
      "air-gapped",
      "--data-dir",
      dataDir,
    ]);
    expect(text.stderr).toBe("");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Updated project Handbook: ${projectId}`);
    expect(text.stdout).toMatch(/playground\s+left out of air-gapped exports/);
    expect(text.stdout).not.toContain(token);
    expect(await quireJson(["projects", "show", projectId, "--data-dir", dataDir])).toMatchObject({
      name: "Handbook",
      domain: "docs.update.example",
      ref: null,
      plan: "pro",
      deployment: "air-gapped",
      customComponents: "off",
      airGappedPlayground: false,
      pullRequestDraft: false,
      forge: "gitea",
      forgeApiUrl: "https://git.internal.example/api/v1",
      hasForgeToken: true,
    });
    expect(storedProject(dataDir, projectId).forge_token_sealed).toBe(sealedBefore);
  });
});

describe("quire keys", () => {
  it("keys create --json prints the key's record and the key; only the SHA-256 of the key is stored; keys list shows the prefix only", async () => {
    const dataDir = makeTempDir();
    const orgId = (await (await fixtures(dataDir)).createOrganization("Acme")).id;
    const run = await runQuire([
      "keys",
      "create",
      "--org",
      orgId,
      "--name",
      "deploy bot",
      "--json",
      "--data-dir",
      dataDir,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const created = JSON.parse(run.stdout);
    expect(created).toMatchObject({ orgId, name: "deploy bot", revokedAt: null });
    expect(created.id).toMatch(/^key_[0-9a-z]+$/);
    expect(created.key).toMatch(/^quire_[0-9A-Za-z]{32,}$/);

    const stored = everyFileIn(dataDir);
    expect(stored.includes(created.key)).toBe(false);
    expect(stored.includes(created.key.slice("quire_".length))).toBe(false);
    expect(stored.includes(createHash("sha256").update(created.key).digest("hex"))).toBe(true);

    const [listText, listJson] = await Promise.all([
      runQuire(["keys", "list", "--data-dir", dataDir]),
      quireJson(["keys", "list", "--org", orgId, "--data-dir", dataDir]),
    ]);
    expect(listText.code).toBe(0);
    expect(listText.stdout).toMatch(
      /^KEY ID\s+ORG\s+NAME\s+PREFIX\s+CREATED\s+LAST USED\s+REVOKED$/m,
    );
    const visiblePrefix = (listJson[0] as { visiblePrefix: string }).visiblePrefix;
    expect(visiblePrefix).toMatch(/^quire_[0-9A-Za-z]{1,8}$/);
    expect(created.key.startsWith(visiblePrefix)).toBe(true);
    expect(listText.stdout).toContain(`${created.id}  ${orgId}  deploy bot  ${visiblePrefix}…`);
    expect(listText.stdout).toMatch(/never\s*$/m);
    // One shape: what create printed is the listed record, with the key beside it.
    const { key: _key, ...record } = created;
    expect(listJson).toEqual([record]);
    expect(listJson).toEqual([
      {
        id: created.id,
        orgId,
        name: "deploy bot",
        visiblePrefix,
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    for (const output of [listText.stdout, JSON.stringify(listJson)])
      expect(output).not.toContain(created.key);

    // Text output for people: the key once, with a warning to keep it; every key is new.
    const text = await runQuire(["keys", "create", "--org", orgId, "--data-dir", dataDir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/shown only this once/);
    const again = /^ {2}(quire_[0-9A-Za-z]{32,})$/m.exec(text.stdout)?.[1];
    expect(again).toBeDefined();
    expect(again).not.toBe(created.key);
  });

  it("keys revoke ID marks the key revoked in keys list, and says so", async () => {
    const dataDir = makeTempDir();
    const admin = await fixtures(dataDir);
    const created = await admin.createApiKey((await admin.createOrganization("Acme")).id);
    const revoked = await runQuire(["keys", "revoke", created.id, "--data-dir", dataDir]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked API key .*\\(${created.id}\\) at \\d{4}-`));
    expect((await admin.listApiKeys())[0]).toMatchObject({
      id: created.id,
      revokedAt: expect.stringMatching(/Z$/),
    });
    expect(await admin.authenticate(created.key)).toBeNull();
  });
});

/** Runs each command line; each must exit 2 with one `quire: ...` line matching its message. */
async function expectUsageErrors(cases: [string, string[], RegExp][]): Promise<void> {
  const runs = await Promise.all(cases.map(([, args]) => runQuire(args)));
  cases.forEach(([what, , message], index) => {
    const run = runs[index] as QuireRun;
    expect(run.code, `${what}: exit code (stderr: ${run.stderr})`).toBe(2);
    expect(run.stdout, what).toBe("");
    const lines = run.stderr
      .split("\n")
      .filter((line) => line !== "" && line !== "(run with --help for usage)");
    expect(lines, what).toHaveLength(1);
    expect(lines[0], what).toMatch(/^quire: /);
    expect(lines[0], what).toMatch(message);
    expect(run.stderr, what).not.toMatch(/\n\s+at /);
  });
}

describe("wrong usage of the admin commands", () => {
  it("exits 2 with one clear line naming the flag", async () => {
    const dataDir = makeTempDir();
    const admin = await fixtures(dataDir);
    const orgId = (await admin.createOrganization("Acme")).id;
    await admin.createProject({
      orgId,
      name: "Docs",
      domain: "docs.taken.example",
      repository: "examples/docs",
    });
    const project = (extra: string[], omit: string[] = []) => {
      const flags: Record<string, string> = {
        "--org": orgId,
        "--name": "Docs",
        "--domain": `docs-${Math.random().toString(36).slice(2)}.example`,
        "--repo": "examples/docs",
      };
      for (const flag of omit) delete flags[flag];
      return [
        "projects",
        "create",
        ...Object.entries(flags).flat(),
        ...extra,
        "--data-dir",
        dataDir,
      ];
    };
    const cases: [string, string[], RegExp][] = [
      ["unknown org", project(["--org", "org_nope"]), /--org: no organization "org_nope"/],
      [
        "duplicate domain",
        project(["--domain", "DOCS.taken.example"]),
        /--domain: docs\.taken\.example already belongs to project proj_/,
      ],
      [
        "bad --plan",
        project(["--plan", "gold"]),
        /--plan must be one of free, pro, enterprise, not "gold"/,
      ],
      [
        "bad --deployment",
        project(["--deployment", "moon"]),
        /--deployment must be one of cloud, client-hosted, air-gapped, not "moon"/,
      ],
      [
        "bad --forge",
        project(["--forge", "bitbucket"]),
        /--forge must be one of github, gitlab, gitea, not "bitbucket"/,
      ],
      [
        "a --domain that is not a host name",
        project(["--domain", "not a host/../x"]),
        /--domain must be a host name/,
      ],
      [
        "a --repo folder that does not exist",
        project(["--repo", "/no/such/docs/folder"]),
        /--repo: the folder \/no\/such\/docs\/folder does not exist/,
      ],
      ["a bad --ref", project(["--ref", "--upload-pack=evil"]), /--ref must be a branch name/],
      [
        "a bad --forge-api-url",
        project(["--forge-api-url", "ftp://x"]),
        /--forge-api-url must be an http\(s\) URL/,
      ],
      ["missing --org", project([], ["--org"]), /required option '--org <ORG_ID>' not specified/],
      [
        "missing --repo",
        project([], ["--repo"]),
        /required option '--repo <URL-or-path>' not specified/,
      ],
      [
        "orgs create without --name",
        ["orgs", "create", "--data-dir", dataDir],
        /required option '--name <NAME>' not specified/,
      ],
      [
        "orgs create with a blank --name",
        ["orgs", "create", "--name", "  ", "--data-dir", dataDir],
        /--name must be 1 to 200 characters/,
      ],
      [
        "keys create without --org",
        ["keys", "create", "--data-dir", dataDir],
        /required option '--org <ORG_ID>' not specified/,
      ],
      [
        "keys create for an unknown org",
        ["keys", "create", "--org", "org_nope", "--data-dir", dataDir],
        /--org: no organization "org_nope"/,
      ],
      [
        "keys list for an unknown org",
        ["keys", "list", "--org", "org_nope", "--data-dir", dataDir],
        /--org: no organization "org_nope"/,
      ],
      [
        "keys revoke of an unknown key",
        ["keys", "revoke", "key_nope", "--data-dir", dataDir],
        /no API key "key_nope"/,
      ],
      [
        "orgs show of an unknown org",
        ["orgs", "show", "org_nope", "--data-dir", dataDir],
        /no organization "org_nope"/,
      ],
      [
        "projects show of an unknown project",
        ["projects", "show", "proj_nope", "--data-dir", dataDir],
        /no project "proj_nope"/,
      ],
      [
        "quire api with a bad --log-level",
        ["api", "--log-level", "loud", "--port", "0", "--data-dir", dataDir],
        /--log-level must be one of fatal, error, warn, info, debug, trace, silent, not "loud"/,
      ],
      [
        "an unknown option",
        ["orgs", "list", "--colour", "--data-dir", dataDir],
        /unknown option '--colour'/,
      ],
    ];
    await expectUsageErrors(cases);
    // Nothing was created by the refused commands.
    expect((await admin.listProjects()).map((listed) => listed.domain)).toEqual([
      "docs.taken.example",
    ]);
    expect(await admin.listOrganizations()).toHaveLength(1);
  });

  it("a bad --components, and a wrong projects update, exit 2 with one clear line naming the flag and change nothing", async () => {
    const dataDir = makeTempDir();
    const admin = await fixtures(dataDir);
    const orgId = (await admin.createOrganization("Acme")).id;
    await admin.createProject({
      orgId,
      name: "Docs",
      domain: "docs.taken.example",
      repository: "examples/docs",
    });
    const updatable = await admin.createProject({
      orgId,
      name: "Updatable",
      domain: "docs.updatable.example",
      repository: "examples/docs",
    });
    const update = (extra: string[]) => [
      "projects",
      "update",
      updatable.id,
      ...extra,
      "--data-dir",
      dataDir,
    ];
    const cases: [string, string[], RegExp][] = [
      [
        "projects create with a bad --components",
        [
          "projects",
          "create",
          "--org",
          orgId,
          "--name",
          "Docs",
          "--domain",
          "docs.bogus.example",
          "--repo",
          "examples/docs",
          "--components",
          "bogus",
          "--data-dir",
          dataDir,
        ],
        /--components must be one of interactive, static, off, not "bogus"/,
      ],
      [
        "projects update with a bad --components",
        update(["--components", "bogus"]),
        /--components must be one of interactive, static, off, not "bogus"/,
      ],
      [
        "projects update with a bad --plan",
        update(["--plan", "gold"]),
        /--plan must be one of free, pro, enterprise, not "gold"/,
      ],
      [
        "projects update to another project's domain",
        update(["--domain", "Docs.Taken.Example"]),
        /--domain: docs\.taken\.example already belongs to project proj_/,
      ],
      [
        "projects update with a bad --ref",
        update(["--ref", "--upload-pack=evil"]),
        /--ref must be a branch name/,
      ],
      [
        "projects update with a --repo folder that does not exist",
        update(["--repo", "/no/such/docs/folder"]),
        /--repo: the folder \/no\/such\/docs\/folder does not exist/,
      ],
      [
        "projects update with nothing to change",
        update([]),
        /nothing to change: give at least one of --name, --domain/,
      ],
      [
        "projects update of an unknown project",
        ["projects", "update", "proj_nope", "--name", "X", "--data-dir", dataDir],
        /no project "proj_nope"/,
      ],
    ];
    await expectUsageErrors(cases);
    expect(await admin.getProject(updatable.id)).toEqual(updatable);
    expect((await admin.listProjects()).map((listed) => listed.domain)).toEqual([
      "docs.taken.example",
      "docs.updatable.example",
    ]);
  });
});

describe("--help", () => {
  it("explains quire, quire api and every admin command", async () => {
    const pages: [string[], (string | RegExp)[]][] = [
      [
        [],
        [
          "Usage: quire [options] [command]",
          "orgs",
          "projects",
          "keys",
          "api",
          "Exit codes",
          "quire keys create --org",
        ],
      ],
      [
        ["api"],
        [
          "Usage: quire api [options]",
          "--port <PORT>",
          "QUIRE_PORT; default 8080",
          "--host <HOST>",
          "QUIRE_HOST; default 127.0.0.1",
          "--data-dir <DIR>",
          "QUIRE_DATA_DIR; default ./.quire",
          "--database-url <URL>",
          "--storage-url <URL>",
          "--public-url <URL>",
          "--tls-cert <FILE>",
          "--tls-key <FILE>",
          "--no-workers",
          "QUIRE_WORKERS=false",
          "QUIRE_SECRET_KEY",
          "QUIRE_AGENT_PROVIDER",
          "SIGTERM",
        ],
      ],
      [["orgs"], ["Usage: quire orgs [options] [command]", "create", "list", "show"]],
      [
        ["orgs", "create"],
        [
          "Usage: quire orgs create [options]",
          "--name <NAME>",
          '"id" (and "orgId", the same)',
          "--data-dir <DIR>",
          "--database-url <URL>",
        ],
      ],
      [
        ["orgs", "list"],
        ["Usage: quire orgs list [options]", "--json"],
      ],
      [
        ["orgs", "show"],
        ["Usage: quire orgs show [options] <ORG_ID>", "projects and keys"],
      ],
      [
        ["projects"],
        ["Usage: quire projects [options] [command]", "create", "update", "list", "show"],
      ],
      [
        ["projects", "create"],
        [
          "Usage: quire projects create [options]",
          "--org <ORG_ID>",
          "--name <NAME>",
          "--domain <DOMAIN>",
          "--repo <URL-or-path>",
          "--ref <BRANCH>",
          "--plan <PLAN>",
          "free, pro, enterprise",
          "--deployment <TYPE>",
          "cloud, client-hosted, air-gapped",
          "--forge <FORGE>",
          "github, gitlab, gitea",
          "--forge-api-url <URL>",
          "--components <MODE>",
          "interactive (rendered and working in the page), static",
          "off (left as empty placeholders)",
          "--playground",
          "keep the API playground (Try it) in air-gapped exports",
          "QUIRE_FORGE_TOKEN",
          /never\s+from\s+an\s+argument/,
          '"id" (and "projectId", the same)',
          "--data-dir <DIR>",
        ],
      ],
      [
        ["projects", "list"],
        ["Usage: quire projects list [options]", "--org <ORG_ID>"],
      ],
      [["projects", "show"], ["Usage: quire projects show [options] <PROJECT_ID>"]],
      [
        ["projects", "update"],
        [
          "Usage: quire projects update [options] <PROJECT_ID>",
          "Only the options given change",
          "--name <NAME>",
          "--domain <DOMAIN>",
          "--repo <URL-or-path>",
          "--ref <BRANCH>",
          "--plan <PLAN>",
          "--deployment <TYPE>",
          "--components <MODE>",
          "--no-playground",
          "--no-assistant",
          "--no-draft-pull-requests",
          "quire projects update PROJECT_ID --components static --playground",
          "--data-dir <DIR>",
        ],
      ],
      [
        ["keys"],
        ["Usage: quire keys [options] [command]", "Bearer quire_", "create", "list", "revoke"],
      ],
      [
        ["keys", "create"],
        [
          "Usage: quire keys create [options]",
          "--org <ORG_ID>",
          "--name <NAME>",
          '"id", and "key": "quire_..."',
          /printed\s+once/,
          "Authorization: Bearer",
        ],
      ],
      [
        ["keys", "list"],
        ["Usage: quire keys list [options]", "never the keys themselves"],
      ],
      [
        ["keys", "revoke"],
        ["Usage: quire keys revoke [options] <KEY_ID>", "401"],
      ],
    ];
    const runs = await Promise.all(pages.map(([command]) => runQuire([...command, "--help"])));
    pages.forEach(([command, expected], index) => {
      const run = runs[index] as QuireRun;
      expect(run.code, command.join(" ")).toBe(0);
      expect(run.stderr, command.join(" ")).toBe("");
      // Help is wrapped to the terminal's width: a space in an expected text matches any break.
      for (const text of expected)
        expect(run.stdout, `quire ${command.join(" ")} --help`).toMatch(
          typeof text === "string"
            ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s+"))
            : text,
        );
    });
  });
});

describe("the admin commands while quire api runs on the same data dir", () => {
  let server: ChildProcess | undefined;
  afterEach(() => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    server = undefined;
  });

  it("creates an org, a project and a key the running server accepts, and a revoked key gets 401 at once", async () => {
    const dataDir = makeTempDir();
    const child = spawn(
      process.execPath,
      [QUIRE_BIN, "api", "--port", "0", "--data-dir", dataDir, "--no-workers"],
      {
        env: quireEnvironment(),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    server = child;
    let serverStdout = "";
    let serverStderr = "";
    child.stdout?.on("data", (chunk) => {
      serverStdout += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`quire api did not start: ${serverStderr}`)),
        20_000,
      );
      child.stderr?.on("data", (chunk) => {
        serverStderr += chunk;
        const match = /Quire API listening on (http:\/\/[^\s]+)/.exec(serverStderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
      child.on("exit", (code) =>
        reject(new Error(`quire api exited with ${code}: ${serverStderr}`)),
      );
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const [orgId, otherOrg] = await Promise.all([createOrg(dataDir), createOrg(dataDir, "Other")]);
    const projectId = await createProject(dataDir, orgId, "docs.live.example");
    // Several writers at once, beside the server's own.
    const [first, second, otherKey] = await Promise.all([
      quireJson(["keys", "create", "--org", orgId, "--name", "first", "--data-dir", dataDir]),
      quireJson(["keys", "create", "--org", orgId, "--name", "second", "--data-dir", dataDir]),
      quireJson(["keys", "create", "--org", otherOrg, "--data-dir", dataDir]),
    ]);
    const call = (method: string, route: string, key: unknown, body?: unknown) =>
      fetch(`${url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });

    const listed = await call("GET", `/v2/agent/${projectId}/jobs`, first.key);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ jobs: [], nextCursor: null });
    const created = await call("POST", `/v2/agent/${projectId}/job`, first.key, {
      prompt: "Fix the typo on the home page",
    });
    expect(created.status).toBe(201);
    expect((await created.json()).source.repository).toBe(DOCS);
    const exported = await call("POST", "/v1/static-export/jobs", second.key, {
      domain: "docs.live.example",
    });
    expect(exported.status).toBe(202);
    // Another organization's key does not see the project.
    expect((await call("GET", `/v2/agent/${projectId}/jobs`, otherKey.key)).status).toBe(404);

    const revoke = await runQuire(["keys", "revoke", first.id as string, "--data-dir", dataDir]);
    expect(revoke.code).toBe(0);
    const refused = await call("GET", `/v2/agent/${projectId}/jobs`, first.key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(Object.keys(await refused.json())).toEqual(["error"]);
    expect((await call("GET", `/v2/agent/${projectId}/jobs`, second.key)).status).toBe(200);
    // The listing shows the revoked key and when the others were used.
    const keys = await quireJson(["keys", "list", "--org", orgId, "--data-dir", dataDir]);
    expect(keys.find((key: { id: string }) => key.id === first.id)).toMatchObject({
      revokedAt: expect.any(String),
    });
    expect(keys.find((key: { id: string }) => key.id === second.id)).toMatchObject({
      revokedAt: null,
      lastUsedAt: expect.any(String),
    });

    // It stops on SIGTERM with exit code 0; its log lines are JSON and hold no key.
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const logLines = serverStdout.split("\n").filter(Boolean);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => JSON.parse(line), line).not.toThrow();
    for (const key of [first.key, second.key, otherKey.key] as string[]) {
      expect(serverStdout).not.toContain(key);
      expect(serverStderr).not.toContain(key);
    }
  });
});
