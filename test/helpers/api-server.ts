import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach } from "vitest";
import { resolveConfig, type SettingName } from "../../src/config/settings.ts";
import { buildApp } from "../../src/http/app.ts";
import { openInstallation } from "../../src/installation/index.ts";
import type { JobRunner } from "../../src/jobs/index.ts";
import { LOG_REDACTIONS, type Services } from "../../src/services/index.ts";
import { createTestDatabase, type TestDatabase, testBackendIsPostgres } from "./postgres.ts";
import { startS3Server, type TestS3Server } from "./s3-server.ts";
import { makeTempDir } from "./temp-repo.ts";

export interface TestApi {
  /** `http://127.0.0.1:<port>` (https with the `https` option) */
  url: string;
  dataDir: string;
  /** Environment for a `quire` command on the same installation (the database URL when it is not in the data dir). */
  cliEnv: Record<string, string>;
  services: Services;
  runner?: JobRunner;
  /** Every log line the server wrote, as JSON text. */
  logs: string[];
  /** `fetch` against the server with a key (or none). */
  request(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export interface Tenant {
  orgId: string;
  projectId: string;
  key: string;
  domain: string;
}

const started: TestApi[] = [];
/** PostgreSQL databases by data dir: a server restarted on the same data dir finds its data again. */
const databases = new Map<string, TestDatabase>();
/**
 * Drops of the databases of tests that ended. Nothing uses those databases any more (their
 * servers are closed), so the next test need not wait for them: a drop takes 0.5–1 s.
 */
const drops: Promise<void>[] = [];
afterEach(async () => {
  while (started.length > 0) await (started.pop() as TestApi).close();
  for (const database of databases.values()) drops.push(database.drop());
  databases.clear();
});
afterAll(async () => {
  await Promise.all(drops.splice(0));
  await (await template)?.drop();
});

let template: Promise<TestDatabase> | undefined;

/**
 * The URL of a PostgreSQL database a server has already started on once in this file: its
 * migrations applied, pg-boss's schema and queues made. Each server's own database is a copy
 * of it, which takes ~1 s less than the same start-up on an empty one (the scale-out, the
 * migration and the README tests still start processes on empty databases).
 */
async function serverTemplate(): Promise<string> {
  template ??= (async () => {
    const database = await createTestDatabase();
    const api = await startApi({ settings: { databaseUrl: database.url }, localStore: true });
    await api.close();
    return database;
  })();
  return (await template).url;
}

/**
 * A real `quire api` in this process: a temporary data dir with a real SQLite file, real
 * HTTP on 127.0.0.1, and (unless `workers: false`) the background workers. Closed after the test.
 */
export async function startApi(
  options: {
    workers?: boolean;
    settings?: Partial<Record<SettingName, string>>;
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
    /** Keep bundles in the data dir's folder whatever the backend: for tests of that store's own links. */
    localStore?: boolean;
    /** Serve HTTPS with this certificate and key (`url` is then https://). */
    https?: { cert: Buffer; key: Buffer };
  } = {},
): Promise<TestApi> {
  const dataDir = options.dataDir ?? makeTempDir();
  // The `postgres` test project runs these same tests with each server on a database of its own.
  let database: TestDatabase | undefined;
  let storageUrl: string | undefined;
  if (testBackendIsPostgres() && !options.settings?.databaseUrl) {
    database = databases.get(dataDir) ?? (await createTestDatabase(await serverTemplate()));
    databases.set(dataDir, database);
    // …and bundles in S3: the scale-out installation the issue describes.
    if (!options.settings?.storageUrl && !options.localStore)
      storageUrl = await testBucketUrl(dataDir);
  }
  const config = resolveConfig(
    {
      dataDir,
      port: "0",
      host: "127.0.0.1",
      jobLeaseSeconds: "5",
      shutdownGraceSeconds: "2",
      ...(database ? { databaseUrl: database.url } : {}),
      ...(storageUrl ? { storageUrl } : {}),
      ...options.settings,
    },
    options.env ?? {},
  );
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      callback();
    },
  });
  const logger = pino(
    { level: "info", redact: { paths: LOG_REDACTIONS, censor: "[redacted]" } },
    sink,
  );
  const installation = await openInstallation(config, {
    logger,
    workers: options.workers === false ? undefined : {},
  });
  const { services, runner } = installation;
  const app = await buildApp(services, { https: options.https });
  await app.listen({ host: "127.0.0.1", port: 0 });
  await runner?.start();
  const address = app.server.address();
  const url = `${options.https ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  let closed = false;
  const api: TestApi = {
    url,
    dataDir,
    cliEnv: database ? { QUIRE_DATABASE_URL: database.url } : {},
    services,
    runner,
    logs,
    request: (method, path, requestOptions = {}) => {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.key) headers.authorization = `Bearer ${requestOptions.key}`;
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        body =
          typeof requestOptions.body === "string"
            ? requestOptions.body
            : JSON.stringify(requestOptions.body);
        headers["content-type"] ??= "application/json";
      }
      return fetch(`${url}${path}`, { method, headers, body });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await installation.close();
    },
  };
  started.push(api);
  return api;
}

let s3: Promise<TestS3Server> | undefined;

/**
 * A prefix of a bucket on a local S3 server for a data dir (one server per test file, started
 * on first use; the AWS variables of this test process point the SDK at it).
 */
async function testBucketUrl(dataDir: string): Promise<string> {
  s3 ??= startS3Server({ buckets: ["quire-test"] }).then((server) => {
    Object.assign(process.env, server.env);
    delete process.env.AWS_SESSION_TOKEN;
    afterAll(() => server.close());
    return server;
  });
  const server = await s3;
  return server.storageUrl("quire-test", path.basename(dataDir).replace(/[^A-Za-z0-9_-]/g, "-"));
}

let domainCounter = 0;

/** An organization with one project (over `repository`, enterprise plan unless told) and a key. */
export async function createTenant(
  api: TestApi,
  options: {
    repository?: string;
    plan?: "free" | "pro" | "enterprise";
    deployment?: "cloud" | "client-hosted" | "air-gapped";
    domain?: string;
    customComponents?: "interactive" | "static" | "off";
    airGappedPlayground?: boolean;
    serveAssistant?: boolean;
  } = {},
): Promise<Tenant> {
  const { admin } = api.services;
  const org = await admin.createOrganization(`Org ${++domainCounter}`);
  const domain = options.domain ?? `docs${domainCounter}-${process.pid}.example.test`;
  const project = await admin.createProject({
    orgId: org.id,
    name: "Docs",
    domain,
    repository: options.repository ?? "examples/docs",
    plan: options.plan ?? "enterprise",
    deployment: options.deployment ?? "cloud",
    customComponents: options.customComponents,
    airGappedPlayground: options.airGappedPlayground,
    serveAssistant: options.serveAssistant,
  });
  const key = await admin.createApiKey(org.id, "test");
  return { orgId: org.id, projectId: project.id, key: key.key, domain };
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  what = "the condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
