import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { createTenant, startApi, type Tenant, waitFor } from "../helpers/api-server.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/postgres.ts";
import { runQuire } from "../helpers/quire-cli.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * `quire db copy`: an embedded installation populated through the real API, copied by the real
 * executable into a fresh PostgreSQL database (and its archives into a local S3 server), then
 * served by the API on PostgreSQL. Runs in the `embedded` vitest project only: the source must
 * be SQLite.
 */

const DOCS = path.resolve("examples/docs");
const BUCKET = "quire-moved";

let s3: TestS3Server;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  s3 = await startS3Server({ buckets: [BUCKET] });
  // The API started on PostgreSQL and S3 in this process signs as the local server's account.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  vi.stubEnv("AWS_SESSION_TOKEN", undefined);
});

afterAll(async () => {
  await s3?.close();
  vi.unstubAllEnvs();
});

afterEach(async () => {
  while (databases.length > 0) await (databases.pop() as TestDatabase).drop();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

/** Runs the real `quire` to its end, with the local S3 server's account and no other AWS_* setting. */
const quire = (args: string[]) => runQuire(args, { unset: ["AWS_*"], env: s3.env });

/** Rows per table of a PostgreSQL database (Quire's tables, not the migration record). */
async function countTarget(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_name <> 'schema_migrations' order by table_name",
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const result = await client.query<{ n: string }>(`select count(*) as n from "${table_name}"`);
      counts[table_name] = Number(result.rows[0]?.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Rows per table of an SQLite installation, read directly from its file. */
function countSource(dataDir: string): Record<string, number> {
  const database = new DatabaseSync(path.join(dataDir, "quire.db"), { readOnly: true });
  try {
    const tables = database
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name <> 'schema_migrations'",
      )
      .all() as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number(
        (database.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n,
      );
    return counts;
  } finally {
    database.close();
  }
}

function sorted(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked by the assertions.
type Json = any;

interface Installation {
  dataDir: string;
  tenant: Tenant;
  revokedKey: string;
  exportJob: Json;
  bundle: { sizeBytes: number; sha256: string };
  agentJob: Json;
}

/**
 * An embedded installation (SQLite, archives in the data dir) populated through the real API:
 * an organization with a project (export settings other than the defaults) and two keys (one
 * revoked), an export of examples/docs run to completion, and an agent job that ended (no model
 * is configured, so it fails at once).
 */
async function populate(dataDir: string): Promise<Installation> {
  const api = await startApi({ dataDir });
  // SQLite in the data dir: no database URL was given to the server.
  expect(api.cliEnv).toEqual({});
  expect(existsSync(path.join(dataDir, "quire.db"))).toBe(true);
  const tenant = await createTenant(api, {
    repository: DOCS,
    customComponents: "static",
    airGappedPlayground: true,
  });
  const old = await api.services.admin.createApiKey(tenant.orgId, "old");
  await api.services.admin.revokeApiKey(old.id);

  const started = await api.request("POST", "/v1/static-export/jobs", {
    key: tenant.key,
    body: { domain: tenant.domain },
  });
  expect(started.status).toBe(202);
  const { jobId } = await started.json();
  const exportJob = await waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
      ).json();
      return (job.status === "completed" || job.status === "failed") && job;
    },
    45_000,
    `export ${jobId}`,
  );
  expect(exportJob).toMatchObject({ status: "completed", error: null });
  expect(exportJob.pageCount).toBeGreaterThan(10);
  const bundle = await (
    await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, { key: tenant.key })
  ).json();

  const created = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
    key: tenant.key,
    body: { prompt: "Add a page about billing." },
  });
  expect(created.status).toBe(201);
  const agentId = (await created.json()).id;
  const agentJob = await waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/${agentId}`, {
          key: tenant.key,
        })
      ).json();
      return job.status !== "active" && job;
    },
    15_000,
    `agent job ${agentId}`,
  );
  expect(agentJob.status).toBe("failed");
  await api.close();
  return {
    dataDir,
    tenant,
    revokedKey: old.key,
    exportJob,
    bundle: { sizeBytes: bundle.sizeBytes, sha256: bundle.sha256 },
    agentJob,
  };
}

async function sha256Of(response: Response): Promise<string> {
  return createHash("sha256")
    .update(Buffer.from(await response.arrayBuffer()))
    .digest("hex");
}

describe("quire db copy", () => {
  // Shared by the tests (a copy leaves its source as it was); removed after the last one.
  const sourceDir = mkdtempSync(path.join(os.tmpdir(), "quire-db-copy-"));
  let source: Installation;
  beforeAll(async () => {
    source = await populate(sourceDir);
  });
  afterAll(() => rmSync(sourceDir, { recursive: true, force: true }));

  it("copies a populated SQLite installation into PostgreSQL and S3; the API there answers the same jobs", async () => {
    const target = await freshDatabase();
    const storageUrl = s3.storageUrl(BUCKET, "moved");
    const before = countSource(source.dataDir);
    const run = await quire([
      "db",
      "copy",
      "--data-dir",
      source.dataDir,
      "--to",
      target.url,
      "--storage-to",
      storageUrl,
      "--json",
    ]);
    expect(run.stderr).not.toContain("quire:");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);

    // Every table of the source, counted, parents before the tables that reference them.
    expect(sorted(report.tables)).toEqual(sorted(before));
    expect(report.tables).toMatchObject({
      organizations: 1,
      projects: 1,
      api_keys: 2,
      export_jobs: 1,
      bundles: 1,
      agent_jobs: 1,
      agent_messages: 1,
      users: 0,
    });
    expect(report.tables.queue_jobs).toBeGreaterThanOrEqual(2);
    const order = Object.keys(report.tables);
    for (const [parent, child] of [
      ["organizations", "projects"],
      ["users", "memberships"],
      ["projects", "export_jobs"],
      ["export_jobs", "bundles"],
      ["agent_jobs", "agent_messages"],
    ] as const)
      expect(order.indexOf(parent)).toBeLessThan(order.indexOf(child));
    expect(report.rows).toBe(Object.values(before).reduce((sum, n) => sum + n, 0));
    expect(report.archives).toEqual({
      referenced: 1,
      copied: 1,
      bytes: source.bundle.sizeBytes,
      missing: [],
      storage: `s3://${BUCKET}/moved (${s3.endpoint})`,
      moved: true,
    });
    expect(report.target).toBe(target.url);
    expect(run.stderr).toMatch(/archive 1\/1: exports\/exp_\S+\.tar\.gz/);
    expect(sorted(await countTarget(target.url))).toEqual(sorted(before));
    // A copy: the source keeps its archive.
    expect(existsSync(path.join(source.dataDir, "objects", "exports"))).toBe(true);

    // The API on PostgreSQL and S3, with the same data dir for its secret key.
    const api = await startApi({
      dataDir: source.dataDir,
      settings: { databaseUrl: target.url, storageUrl },
    });
    const { tenant } = source;
    // The project, its export settings included.
    expect(await api.services.admin.getProject(tenant.projectId)).toMatchObject({
      domain: tenant.domain,
      customComponents: "static",
      airGappedPlayground: true,
    });
    const exportJob = await api.request("GET", `/v1/static-export/jobs/${source.exportJob.jobId}`, {
      key: tenant.key,
    });
    expect(exportJob.status).toBe(200);
    expect(await exportJob.json()).toEqual(source.exportJob);

    const bundle = await api.request(
      "POST",
      `/v1/static-export/jobs/${source.exportJob.jobId}/bundle`,
      { key: tenant.key },
    );
    expect(bundle.status).toBe(200);
    const answer = await bundle.json();
    expect(answer).toMatchObject(source.bundle);
    expect(new URL(answer.bundleUrl).origin).toBe(s3.endpoint);
    const download = await fetch(answer.bundleUrl);
    expect(download.status).toBe(200);
    expect(await sha256Of(download)).toBe(source.bundle.sha256);

    const agentJob = await api.request(
      "GET",
      `/v2/agent/${tenant.projectId}/job/${source.agentJob.id}`,
      { key: tenant.key },
    );
    expect(await agentJob.json()).toEqual(source.agentJob);
    const list = await (
      await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key: tenant.key })
    ).json();
    expect(JSON.stringify(list)).toContain(source.agentJob.id);
    // The revoked key stays revoked.
    expect(
      (
        await api.request("GET", `/v1/static-export/jobs/${source.exportJob.jobId}`, {
          key: source.revokedKey,
        })
      ).status,
    ).toBe(401);
  });

  it("without --storage-to, prints the counts as a table and leaves the archives where the API on PostgreSQL finds them", async () => {
    const target = await freshDatabase();
    const run = await quire(["db", "copy", "--data-dir", source.dataDir, "--to", target.url]);
    expect(run.code).toBe(0);
    const objects = path.join(source.dataDir, "objects");
    expect(run.stdout).toContain(`rows into ${target.url}:`);
    expect(run.stdout).toMatch(/^TABLE +ROWS$/m);
    expect(run.stdout).toMatch(/^organizations +1$/m);
    expect(run.stdout).toMatch(/^api_keys +2$/m);
    expect(run.stdout).toMatch(/^bundles +1$/m);
    expect(run.stdout).toContain(`Archives: 1 stay in ${objects}`);
    expect(run.stdout).toContain(`--storage-url ${objects}`);
    expect(run.stdout).toContain(path.join(source.dataDir, "secret.key"));

    const api = await startApi({ dataDir: source.dataDir, settings: { databaseUrl: target.url } });
    const answer = await (
      await api.request("POST", `/v1/static-export/jobs/${source.exportJob.jobId}/bundle`, {
        key: source.tenant.key,
      })
    ).json();
    expect(answer).toMatchObject(source.bundle);
    const download = await fetch(answer.bundleUrl);
    expect(download.status).toBe(200);
    expect(await sha256Of(download)).toBe(source.bundle.sha256);
  });

  it("refuses a target that holds any row, and changes nothing there or in the bucket", async () => {
    const target = await freshDatabase();
    const opened = await openDatabase(target.url, makeTempDir(), { poolSize: 1 });
    await opened.db
      .insertInto("organizations")
      .values({ id: "org_existing", name: "Existing", created_at: new Date().toISOString() })
      .execute();
    await opened.close();
    const before = await countTarget(target.url);
    const puts = s3.requests.filter((request) => request.method === "PUT").length;

    const run = await quire([
      "db",
      "copy",
      "--data-dir",
      source.dataDir,
      "--to",
      target.url,
      "--storage-to",
      s3.storageUrl(BUCKET, "refused"),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "quire: the target database is not empty: it holds rows in organizations (1); copy into a fresh database",
    );
    expect(run.stdout).toBe("");
    expect(await countTarget(target.url)).toEqual(before);
    expect(s3.requests.filter((request) => request.method === "PUT").length).toBe(puts);
  });

  it("refuses while jobs are queued or running in the source", async () => {
    const dataDir = makeTempDir();
    const api = await startApi({ dataDir, workers: false });
    const tenant = await createTenant(api, { repository: DOCS });
    await api.services.exports.start(tenant.orgId, { domain: tenant.domain });
    await api.close();
    const target = await freshDatabase();

    const run = await quire(["db", "copy", "--data-dir", dataDir, "--to", target.url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "quire: the installation has unfinished jobs (1 export job queued or running, 1 queue entry queued or running): let them finish",
    );
    expect(run.stderr).toContain("stop every `quire api` and `quire worker`");
    expect(Object.values(await countTarget(target.url)).every((rows) => rows === 0)).toBe(true);
  });

  it("leaves the target empty when a row cannot be copied", async () => {
    const dataDir = makeTempDir();
    const api = await startApi({ dataDir, workers: false });
    const tenant = await createTenant(api, { repository: DOCS });
    await api.close();
    // SQLite keeps any value in any column; PostgreSQL refuses this page count. The table is
    // copied after the organization, project and key, which must not stay behind.
    const database = new DatabaseSync(path.join(dataDir, "quire.db"));
    const now = new Date().toISOString();
    database
      .prepare(
        "insert into export_jobs (id, org_id, project_id, domain, status, progress, page_count, created_at, updated_at) values ('exp_bad', ?, ?, ?, 'completed', 100, 'many', ?, ?)",
      )
      .run(tenant.orgId, tenant.projectId, tenant.domain, now, now);
    database.close();
    const target = await freshDatabase();

    const run = await quire(["db", "copy", "--data-dir", dataDir, "--to", target.url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("quire: cannot copy export_jobs (rows 1 to 1) into the target:");
    expect(run.stderr).toContain("organizations: 1 row");
    expect(Object.values(await countTarget(target.url)).every((rows) => rows === 0)).toBe(true);
  });

  it("gives a usage error (exit 2) for a wrong command line", async () => {
    const dataDir = source.dataDir;
    const cases: [string[], string][] = [
      [
        ["--to", "mysql://root:hunter2@db/quire"],
        '--to must be the URL of an empty PostgreSQL database, postgres://USER:PASSWORD@HOST:5432/DB, not "mysql://root:***@db/quire"',
      ],
      [[], "required option '--to <URL>' not specified"],
      [
        ["--to", "postgres://127.0.0.1/x", "--storage-to", "https://bucket.example/x"],
        "--storage-to must be an S3 location",
      ],
      [
        ["--to", "postgres://127.0.0.1/x", "--storage-to", "s3://B/x"],
        '--storage-to: the bucket "B"',
      ],
      [
        ["--to", "postgres://127.0.0.1/x", "--database-url", "postgres://127.0.0.1/y"],
        "the installation already runs on PostgreSQL",
      ],
    ];
    for (const [args, message] of cases) {
      const run = await quire(["db", "copy", "--data-dir", dataDir, ...args]);
      expect(run.stderr, args.join(" ")).toContain(message);
      expect(run.code, args.join(" ")).toBe(2);
    }
    const empty = makeTempDir();
    const missing = await quire([
      "db",
      "copy",
      "--data-dir",
      empty,
      "--to",
      "postgres://127.0.0.1/x",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `quire: no embedded installation at ${path.join(empty, "quire.db")}`,
    );
    // Nothing was made in the folder it was pointed at.
    expect(existsSync(path.join(empty, "quire.db"))).toBe(false);
  });
});
