/**
 * The scale benchmark (`BENCH_ONLY=scale npm run bench`, or `npm run bench:scale`): Quire on
 * PostgreSQL beside Quire on SQLite, and the queue's own overhead.
 *
 * Two `quire api` children run side by side with the same settings (background workers on, log
 * level warn, no model configured): one on SQLite in a fresh data dir, one on a fresh PostgreSQL
 * database (`quire_bench_<pid>`, dropped at the end) with a data dir of its own. Measured, the
 * two alternating (SQLite, PostgreSQL, SQLite, PostgreSQL…) so a noisy machine affects both:
 * - job creation: `POST /v2/agent/{projectId}/job`, rounds of fresh projects, every answer a 201;
 * - polling: `GET /v2/agent/{projectId}/job/{id}`, requests per second, p50 and p99.
 * Both reuse bench/api.ts's load generator (autocannon, one request list per connection).
 *
 * Then the pick-up latency with idle workers: export jobs of a two-page site created one at a
 * time, each after the previous one finished and a pause, on three set-ups in turn: SQLite with
 * the workers inside `quire api`; PostgreSQL with the workers inside `quire api`; PostgreSQL with
 * `quire api --no-workers` beside a `quire worker` (a second fresh database), which only the
 * NOTIFY sent at commit wakes. For each job: the worker's "job started" log line (pino's `time`,
 * ms) minus the job's `createdAt`, and what a client polling the job every 5 ms sees (its
 * creation's answer to the first answer that is no longer `queued`).
 *
 * Options: BENCH_SCALE_ROUNDS (polling rounds, default 5), BENCH_SCALE_SECONDS (seconds per
 * polling run, default 4), BENCH_SCALE_CONNECTIONS (default 10), BENCH_SCALE_PROJECTS (default
 * 20), BENCH_SCALE_CREATE_ROUNDS (default 2), BENCH_SCALE_PICKUPS (jobs per set-up, default 50),
 * BENCH_SCALE_POSTGRES_URL (an existing database to connect to for creating and dropping the
 * benchmark's, default postgres://postgres@127.0.0.1:5432/test), BENCH_SCALE_CPU_PROF (a folder:
 * the two `quire api` children of the throughput runs write V8 CPU profiles there when they stop).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  type CannonRequest,
  CREATIONS_PER_PROJECT,
  cli,
  cpuSeconds,
  describe,
  expectOnly,
  type LoadResult,
  load,
  ms,
  option,
  percentile,
  perSecond,
  type Server,
  share,
  startServer,
  us,
  waitUntilNoActiveJobs,
} from "./api.ts";
import { median } from "./measure.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quire = path.join(root, "bin", "quire.js");
const ADMIN_URL = process.env.BENCH_SCALE_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const API_ADDRESS = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

/** The goals of the issue. */
const GOAL_RATIO = 0.7;
const GOAL_P99_MS = 15;
const GOAL_PICKUP_P99_MS = 500;

const WARMUP_SECONDS = 3;
/** Projects whose creations only warm a server up: not measured, not polled. */
const WARMUP_PROJECTS = 2;
/** Jobs of each project the polling connections cycle through. */
const POLLED_JOBS_PER_PROJECT = 10;
/** Export jobs of each set-up run before the measured ones (the first loads the exporter). */
const PICKUP_WARMUP = 3;
/** How often the client looks at a new export job. */
const PICKUP_POLL_MS = 5;
/** The pause before each export job, after the previous job of its set-up finished: 20–100 ms. */
const PAUSE_MIN_MS = 20;
const PAUSE_SPREAD_MS = 80;

type Log = (message: string) => void;
const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

// ---------------------------------------------------------------------------------------------
// PostgreSQL: the benchmark's databases, and the CPU time of their server processes.

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * CPU seconds of every PostgreSQL server process connected to a database, by process id
 * (PostgreSQL runs on this machine: /proc shows its processes).
 */
async function backendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1",
    [database],
  );
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
}

/** CPU seconds the database's processes used between two readings (processes that left are lost). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

// ---------------------------------------------------------------------------------------------
// The installations.

interface Installation {
  name: "SQLite" | "PostgreSQL";
  dataDir: string;
  /** The environment of its admin commands and servers. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL database, when it has one. */
  database?: string;
}

interface Provisioned {
  key: string;
  authorization: string;
  /** Projects over examples/docs for agent jobs: the warm-up ones first. */
  projects: string[];
  /** The domain of the project over the two-page site, for export jobs. */
  exportDomain: string;
}

/** An organization, a key, `projectCount` projects for agent jobs and one over the small site. */
async function provision(
  installation: Installation,
  projectCount: number,
  smallSite: string,
): Promise<Provisioned> {
  const run = (args: string[]) => cli(installation.dataDir, args, installation.env);
  const { orgId } = await run(["orgs", "create", "--name", "Benchmark"]);
  const { key } = await run(["keys", "create", "--org", orgId as string]);
  // One at a time: two CLI processes opening a SQLite database at once can meet "database is
  // locked"; PostgreSQL is provisioned the same way, in parallel with SQLite.
  const projects: string[] = [];
  for (let index = 0; index < projectCount; index++) {
    const { projectId } = await run([
      "projects",
      "create",
      "--org",
      orgId as string,
      "--name",
      `Docs ${index}`,
      "--domain",
      `docs-${index}.bench.example`,
      "--repo",
      path.join(root, "examples", "docs"),
    ]);
    projects.push(projectId as string);
  }
  const exportDomain = "small.bench.example";
  await run([
    "projects",
    "create",
    "--org",
    orgId as string,
    "--name",
    "Small site",
    "--domain",
    exportDomain,
    "--repo",
    smallSite,
  ]);
  return { key: key as string, authorization: `Bearer ${key}`, projects, exportDomain };
}

/** A docs repository of two pages: an export of it is over quickly. */
function writeSmallSite(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "docs.json"),
    JSON.stringify({
      name: "Small",
      colors: { primary: "#2563eb" },
      navigation: { pages: ["index", "guide"] },
    }),
  );
  writeFileSync(path.join(folder, "index.mdx"), "---\ntitle: Home\n---\n\nHello.\n");
  writeFileSync(
    path.join(folder, "guide.mdx"),
    "---\ntitle: Guide\n---\n\n## Steps\n\n1. Install.\n2. Run.\n",
  );
}

function startApi(
  installation: Installation,
  options: { logLevel: string; workers: boolean; flags?: string[] },
): Promise<Server> {
  return startServer(
    [
      ...(options.flags ?? []),
      quire,
      "api",
      ...(options.workers ? [] : ["--no-workers"]),
      "--host",
      "127.0.0.1",
      "--port",
      "0",
      "--data-dir",
      installation.dataDir,
    ],
    { ...installation.env, QUIRE_LOG_LEVEL: options.logLevel },
    API_ADDRESS,
    `quire api on ${installation.name}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Throughput.

/** A load run, with the CPU time the PostgreSQL server processes used per answer (NaN on SQLite). */
interface Run extends LoadResult {
  databaseCpuUs: number;
}

export interface Side {
  creation: Run[];
  drainMs: number[];
  polling: Run[];
  creationRps: number;
  creationP50: number;
  creationP99: number;
  creationCpuUs: number;
  creationDatabaseCpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  cpuUs: number;
  databaseCpuUs: number;
  busy: number;
}

// ---------------------------------------------------------------------------------------------
// Pick-up latency.

interface PickupSetup {
  label: string;
  api: Server;
  /** The process whose workers run the jobs: the API itself or a `quire worker`. */
  worker: Server;
  provisioned: Provisioned;
  /** Export job id → the `time` of its "job started" and "job finished" log lines. */
  started: Map<string, number>;
  finished: Map<string, number>;
}

interface PickupSample {
  /** createdAt to the worker's "job started" line. */
  queueMs: number;
  /** The creation's answer to the first poll that is not `queued`, as the client saw it. */
  clientMs: number;
  /** "job started" to "job finished". */
  runMs: number;
}

export interface PickupResult {
  label: string;
  samples: PickupSample[];
  queueP50: number;
  queueP99: number;
  queueMax: number;
  clientP50: number;
  clientP99: number;
  runMs: number;
}

/** Follows a child's JSON log lines for the runner's "job started" and "job finished". */
function followJobLog(child: ChildProcess, setup: PickupSetup): void {
  let rest = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    rest += chunk;
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"msg":"job started"') && !line.includes('"msg":"job finished"')) continue;
      const entry = JSON.parse(line) as { msg: string; subject: string; time: number };
      (entry.msg === "job started" ? setup.started : setup.finished).set(entry.subject, entry.time);
    }
  });
}

async function exportJob(setup: PickupSetup): Promise<PickupSample> {
  const { api, provisioned } = setup;
  const headers = { authorization: provisioned.authorization };
  const response = await fetch(`${api.url}/v1/static-export/jobs`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ domain: provisioned.exportDomain }),
  });
  const answered = performance.now();
  if (response.status !== 202)
    throw new Error(`${setup.label}: starting an export answered ${response.status}`);
  const job = (await response.json()) as { jobId: string; createdAt: string; status: string };
  let status = job.status;
  let seen = answered;
  const deadline = answered + 30_000;
  while (status === "queued") {
    await sleep(PICKUP_POLL_MS);
    const poll = await fetch(`${api.url}/v1/static-export/jobs/${job.jobId}`, { headers });
    status = ((await poll.json()) as { status: string }).status;
    seen = performance.now();
    if (seen > deadline) throw new Error(`${setup.label}: export ${job.jobId} queued for 30 s`);
  }
  while (!setup.finished.has(job.jobId)) {
    if (performance.now() > deadline) {
      const poll = await fetch(`${api.url}/v1/static-export/jobs/${job.jobId}`, { headers });
      throw new Error(
        `${setup.label}: export ${job.jobId} did not finish within 30 s: ${await poll.text()}`,
      );
    }
    await sleep(10);
  }
  const final = await fetch(`${api.url}/v1/static-export/jobs/${job.jobId}`, { headers });
  const finalJob = (await final.json()) as { status: string; error: string | null };
  if (finalJob.status !== "completed")
    throw new Error(`${setup.label}: export ${job.jobId} is ${finalJob.status}: ${finalJob.error}`);
  const started = setup.started.get(job.jobId) as number;
  return {
    queueMs: started - Date.parse(job.createdAt),
    clientMs: seen - answered,
    runMs: (setup.finished.get(job.jobId) as number) - started,
  };
}

function summarize(label: string, samples: PickupSample[]): PickupResult {
  const sorted = (pick: (sample: PickupSample) => number) =>
    Float64Array.from(samples.map(pick)).sort();
  const queue = sorted((sample) => sample.queueMs);
  const client = sorted((sample) => sample.clientMs);
  return {
    label,
    samples,
    queueP50: percentile(queue, 0.5),
    queueP99: percentile(queue, 0.99),
    queueMax: queue[queue.length - 1] as number,
    clientP50: percentile(client, 0.5),
    clientP99: percentile(client, 0.99),
    runMs: median(samples.map((sample) => sample.runMs)),
  };
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

export interface ScaleBenchmark {
  connections: number;
  seconds: number;
  projects: number;
  jobsPerRound: number;
  polledJobs: number;
  sqlite: Side;
  postgres: Side;
  /** Per polling round, PostgreSQL's requests per second over SQLite's; and their median. */
  ratios: number[];
  ratio: number;
  creationRatio: number;
  pickups: PickupResult[];
  pickupCount: number;
  postgresVersion: string;
  postgresSettings: string;
  /** The machine's 1-minute load average when the benchmark started and when it ended. */
  loadBefore: number;
  loadAfter: number;
  wallSeconds: number;
}

export async function runScaleBenchmark(print: Log): Promise<ScaleBenchmark> {
  const rounds = option("BENCH_SCALE_ROUNDS", 5);
  const seconds = option("BENCH_SCALE_SECONDS", 4);
  const connections = option("BENCH_SCALE_CONNECTIONS", 10);
  const projectCount = option("BENCH_SCALE_PROJECTS", 20);
  const createRounds = option("BENCH_SCALE_CREATE_ROUNDS", 2);
  const pickupCount = option("BENCH_SCALE_PICKUPS", 50);
  if (projectCount % createRounds !== 0)
    throw new Error("BENCH_SCALE_PROJECTS must be a multiple of BENCH_SCALE_CREATE_ROUNDS");
  const cpuProfile = process.env.BENCH_SCALE_CPU_PROF;
  const profileFlags = cpuProfile ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(cpuProfile)] : [];
  const started = performance.now();
  const loadBefore = os.loadavg()[0] as number;
  const log: Log = (message) =>
    print(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${message}`);
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-bench-scale-"));
  const names = [`quire_bench_${process.pid}`, `quire_bench_${process.pid}_worker`];
  const servers: Server[] = [];
  const stopAll = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
  };
  const monitor = new pg.Client({ connectionString: ADMIN_URL });
  try {
    const { postgresVersion, postgresSettings } = await admin(async (client) => {
      for (const name of names) {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${name}`);
      }
      const version = await client.query<{ server_version: string }>("SHOW server_version");
      const shown = ["fsync", "synchronous_commit", "shared_buffers"];
      const settings: string[] = [];
      for (const name of shown) {
        const { rows } = await client.query<{ value: string }>(
          "SELECT current_setting($1) AS value",
          [name],
        );
        settings.push(`${name} ${rows[0]?.value}`);
      }
      return {
        postgresVersion: version.rows[0]?.server_version ?? "unknown",
        postgresSettings: settings.join(", "),
      };
    });
    await monitor.connect();

    // No QUIRE_ variable from this environment: no model, so every agent job fails at once
    // instead of calling out. One secret key for every process of a PostgreSQL installation.
    const base: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(base)) if (name.startsWith("QUIRE_")) delete base[name];
    const secretKey = randomBytes(32).toString("hex");
    const sqlite: Installation = {
      name: "SQLite",
      dataDir: path.join(work, "sqlite"),
      env: base,
    };
    const postgres: Installation = {
      name: "PostgreSQL",
      dataDir: path.join(work, "postgres"),
      env: {
        ...base,
        QUIRE_DATABASE_URL: databaseUrl(names[0] as string),
        QUIRE_SECRET_KEY: secretKey,
      },
      database: names[0],
    };
    // The separate worker's installation: its API and worker share a bundle folder.
    const split: Installation = {
      name: "PostgreSQL",
      dataDir: path.join(work, "split-api"),
      env: {
        ...base,
        QUIRE_DATABASE_URL: databaseUrl(names[1] as string),
        QUIRE_SECRET_KEY: secretKey,
        QUIRE_STORAGE_URL: path.join(work, "split-objects"),
      },
      database: names[1],
    };
    const smallSite = path.join(work, "small-site");
    writeSmallSite(smallSite);

    log(
      `Scale: on SQLite and on PostgreSQL ${postgresVersion}: an organization, a key and ${WARMUP_PROJECTS + projectCount} projects each through the quire CLI…`,
    );
    const [sqliteAdmin, postgresAdmin, splitAdmin] = await Promise.all([
      provision(sqlite, WARMUP_PROJECTS + projectCount, smallSite),
      provision(postgres, WARMUP_PROJECTS + projectCount, smallSite),
      provision(split, 0, smallSite),
    ]);

    // -----------------------------------------------------------------------------------------
    // Throughput: the two servers side by side, same settings.
    const sqliteServer = await startApi(sqlite, {
      logLevel: "warn",
      workers: true,
      flags: profileFlags,
    });
    servers.push(sqliteServer);
    const postgresServer = await startApi(postgres, {
      logLevel: "warn",
      workers: true,
      flags: profileFlags,
    });
    servers.push(postgresServer);
    log(
      `Scale: quire api on SQLite at ${sqliteServer.url}, on PostgreSQL at ${postgresServer.url}`,
    );
    const sides = [
      { installation: sqlite, server: sqliteServer, provisioned: sqliteAdmin },
      { installation: postgres, server: postgresServer, provisioned: postgresAdmin },
    ] as const;

    const measured = async (
      installation: Installation,
      run: () => Promise<LoadResult>,
    ): Promise<Run> => {
      const database = installation.database;
      const before = database ? await backendCpu(monitor, database) : undefined;
      const result = await run();
      const after = database ? await backendCpu(monitor, database) : undefined;
      return {
        ...result,
        databaseCpuUs:
          before && after ? (cpuBetween(before, after) / result.responses) * 1e6 : Number.NaN,
      };
    };

    // Creation: a round of fresh projects at a time, one connection per project, each sending
    // exactly the project's hourly allowance; every answer must be a 201.
    const perRound = projectCount / createRounds;
    const createBody = JSON.stringify({
      prompt: "Benchmark: fix the typo in the quickstart's second heading.",
    });
    const creation = new Map<Installation, Run[]>([
      [sqlite, []],
      [postgres, []],
    ]);
    const drains = new Map<Installation, number[]>([
      [sqlite, []],
      [postgres, []],
    ]);
    const create = async (side: (typeof sides)[number], roundProjects: string[]): Promise<Run> => {
      const { server, provisioned, installation } = side;
      const result = await measured(installation, () =>
        load(server, {
          connections: roundProjects.length,
          amount: roundProjects.length * CREATIONS_PER_PROJECT,
          perConnection: (index) => [
            {
              method: "POST",
              path: `/v2/agent/${roundProjects[index]}/job`,
              headers: {
                authorization: provisioned.authorization,
                "content-type": "application/json",
              },
              body: createBody,
            },
          ],
        }),
      );
      expectOnly(
        result,
        201,
        `job creation on ${installation.name}`,
        roundProjects.length * CREATIONS_PER_PROJECT,
      );
      // A fixed amount of requests: the rate up to the last answer, not to autocannon's next tick.
      result.rps = (result.statuses[201] ?? 0) / result.answeringSeconds;
      const drain = await waitUntilNoActiveJobs(server.url, provisioned.key, roundProjects);
      log(
        `Scale: ${installation.name}: created ${describe(result).replace("req/s", "jobs/s")}; the last job ended ${(drain / 1000).toFixed(1)} s after its creation`,
      );
      drains.get(installation)?.push(drain);
      return result;
    };
    for (const side of sides) {
      log(`Scale: ${side.installation.name}: creation warm-up, ${WARMUP_PROJECTS} projects…`);
      await create(side, side.provisioned.projects.slice(0, WARMUP_PROJECTS));
      drains.set(side.installation, []);
      const refused = await fetch(
        `${side.server.url}/v2/agent/${side.provisioned.projects[0]}/job`,
        {
          method: "POST",
          headers: {
            authorization: side.provisioned.authorization,
            "content-type": "application/json",
          },
          body: createBody,
        },
      );
      if (refused.status !== 429)
        throw new Error(
          `${side.installation.name}: creation ${CREATIONS_PER_PROJECT + 1} of a project answered ${refused.status}, not 429`,
        );
    }
    for (let round = 0; round < createRounds; round++) {
      for (const side of sides) {
        log(
          `Scale: creation round ${round + 1}/${createRounds} on ${side.installation.name}: ${perRound} projects × ${CREATIONS_PER_PROJECT} jobs…`,
        );
        const measuredProjects = side.provisioned.projects.slice(WARMUP_PROJECTS);
        creation
          .get(side.installation)
          ?.push(
            await create(side, measuredProjects.slice(round * perRound, (round + 1) * perRound)),
          );
      }
    }

    // Polling: on each server, the newest jobs of every measured project, all failed by now.
    const pollRequests = new Map<Installation, (index: number) => CannonRequest[]>();
    let polledJobs = 0;
    for (const { installation, server, provisioned } of sides) {
      const headers = { authorization: provisioned.authorization };
      const targets: string[] = [];
      for (const projectId of provisioned.projects.slice(WARMUP_PROJECTS)) {
        const response = await fetch(
          `${server.url}/v2/agent/${projectId}/jobs?limit=${POLLED_JOBS_PER_PROJECT}`,
          { headers },
        );
        const { jobs } = (await response.json()) as { jobs: { id: string; status: string }[] };
        for (const job of jobs) {
          if (job.status !== "failed")
            throw new Error(`${installation.name}: job ${job.id} is ${job.status}, not failed`);
          targets.push(`/v2/agent/${projectId}/job/${job.id}`);
        }
      }
      polledJobs = targets.length;
      pollRequests.set(installation, (index) =>
        targets
          .filter((_, n) => n % connections === index % connections)
          .map((target) => ({ method: "GET", path: target, headers })),
      );
    }
    const poll = async (side: (typeof sides)[number], duration: number): Promise<Run> => {
      const perConnection = pollRequests.get(side.installation) as (
        index: number,
      ) => CannonRequest[];
      const result = await measured(side.installation, () =>
        load(side.server, { connections, duration, perConnection }),
      );
      expectOnly(result, 200, `polling on ${side.installation.name}`);
      return result;
    };
    log(`Scale: polling warm-up (${WARMUP_SECONDS} s each)…`);
    for (const side of sides) await poll(side, WARMUP_SECONDS);
    const polling = new Map<Installation, Run[]>([
      [sqlite, []],
      [postgres, []],
    ]);
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const [onSqlite, onPostgres] = [await poll(sides[0], seconds), await poll(sides[1], seconds)];
      polling.get(sqlite)?.push(onSqlite);
      polling.get(postgres)?.push(onPostgres);
      ratios.push(onPostgres.rps / onSqlite.rps);
      log(
        `Scale: polling round ${round}/${rounds}: SQLite ${describe(onSqlite)}; PostgreSQL ${describe(onPostgres)}, database ${us(onPostgres.databaseCpuUs)} CPU per answer; ratio ${(onPostgres.rps / onSqlite.rps).toFixed(2)}`,
      );
    }
    await stopAll();

    // -----------------------------------------------------------------------------------------
    // Pick-up latency: the servers again, logging at info for the runner's lines.
    log("Scale: pick-up latency: starting the three set-ups…");
    const setups: PickupSetup[] = [];
    const addSetup = (
      label: string,
      api: Server,
      worker: Server,
      provisioned: Provisioned,
    ): void => {
      const setup: PickupSetup = {
        label,
        api,
        worker,
        provisioned,
        started: new Map(),
        finished: new Map(),
      };
      followJobLog(worker.child, setup);
      setups.push(setup);
    };
    const sqlitePickup = await startApi(sqlite, { logLevel: "info", workers: true });
    servers.push(sqlitePickup);
    addSetup("SQLite, workers inside `quire api`", sqlitePickup, sqlitePickup, sqliteAdmin);
    const postgresPickup = await startApi(postgres, { logLevel: "info", workers: true });
    servers.push(postgresPickup);
    addSetup(
      "PostgreSQL, workers inside `quire api`",
      postgresPickup,
      postgresPickup,
      postgresAdmin,
    );
    const splitApi = await startApi(split, { logLevel: "info", workers: false });
    servers.push(splitApi);
    const splitWorker = await startServer(
      [quire, "worker", "--data-dir", path.join(work, "split-worker")],
      { ...split.env, QUIRE_LOG_LEVEL: "info" },
      /"workerId":"([^"]+)"[^\n]*"msg":"worker started"/,
      "quire worker on PostgreSQL",
    );
    servers.push(splitWorker);
    addSetup(
      "PostgreSQL, `quire api --no-workers` + `quire worker` (woken by NOTIFY)",
      splitApi,
      splitWorker,
      splitAdmin,
    );

    const samples = new Map<PickupSetup, PickupSample[]>(setups.map((setup) => [setup, []]));
    for (let index = -PICKUP_WARMUP; index < pickupCount; index++) {
      for (const setup of setups) {
        // Each set-up's workers have been idle at least through the other set-ups' jobs.
        await sleep(PAUSE_MIN_MS + Math.random() * PAUSE_SPREAD_MS);
        const sample = await exportJob(setup);
        if (index >= 0) samples.get(setup)?.push(sample);
      }
      if (index >= 0 && (index + 1) % 10 === 0)
        log(
          `Scale: pick-up ${index + 1}/${pickupCount}, queued → started of the last: ${setups
            .map((setup, number) => `${number + 1}: ${samples.get(setup)?.at(-1)?.queueMs} ms`)
            .join(", ")}`,
        );
    }
    await stopAll();
    const pickups = setups.map((setup) =>
      summarize(setup.label, samples.get(setup) as PickupSample[]),
    );
    for (const pickup of pickups)
      log(
        `Scale: pick-up, ${pickup.label}: queued → started p50 ${ms(pickup.queueP50)}, p99 ${ms(pickup.queueP99)}; seen by a client p50 ${ms(pickup.clientP50)}, p99 ${ms(pickup.clientP99)}`,
      );

    const side = (installation: Installation): Side => {
      const creationRuns = creation.get(installation) as Run[];
      const pollingRuns = polling.get(installation) as Run[];
      const of = (runs: Run[], pick: (run: Run) => number) => median(runs.map(pick));
      return {
        creation: creationRuns,
        drainMs: drains.get(installation) as number[],
        polling: pollingRuns,
        creationRps: of(creationRuns, (run) => run.rps),
        creationP50: of(creationRuns, (run) => run.p50),
        creationP99: of(creationRuns, (run) => run.p99),
        creationCpuUs: of(creationRuns, (run) => run.serverCpuUs),
        creationDatabaseCpuUs: of(creationRuns, (run) => run.databaseCpuUs),
        rps: of(pollingRuns, (run) => run.rps),
        p50: of(pollingRuns, (run) => run.p50),
        p99: of(pollingRuns, (run) => run.p99),
        cpuUs: of(pollingRuns, (run) => run.serverCpuUs),
        databaseCpuUs: of(pollingRuns, (run) => run.databaseCpuUs),
        busy: of(pollingRuns, (run) => run.serverBusy),
      };
    };
    const sqliteSide = side(sqlite);
    const postgresSide = side(postgres);
    return {
      connections,
      seconds,
      projects: projectCount,
      jobsPerRound: perRound * CREATIONS_PER_PROJECT,
      polledJobs,
      sqlite: sqliteSide,
      postgres: postgresSide,
      ratios,
      ratio: median(ratios),
      creationRatio: median(
        postgresSide.creation.map((run, index) => run.rps / (sqliteSide.creation[index]?.rps ?? 1)),
      ),
      pickups,
      pickupCount,
      postgresVersion,
      postgresSettings,
      loadBefore,
      loadAfter: os.loadavg()[0] as number,
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await stopAll();
    await monitor.end().catch(() => {});
    await admin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }).catch((error) => log(`Scale: dropping the benchmark databases failed: ${error}`));
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The section of BENCHMARKS.md.

const met = (ok: boolean): string => (ok ? "met" : "**not met**");
/** Pino's `time` and `createdAt` are whole milliseconds. */
const wholeMs = (value: number): string => `${Math.round(value)} ms`;
const secondsList = (values: number[]): string =>
  values.map((value) => `${(value / 1000).toFixed(1)} s`).join(", ");

/** The scale section of BENCHMARKS.md. */
export function scaleSection(result: ScaleBenchmark, machine: string): string {
  const { sqlite, postgres } = result;
  const meetsRatio = result.ratio >= GOAL_RATIO;
  const meetsP99 = postgres.p99 < GOAL_P99_MS;
  const rows = result.ratios
    .map((ratio, index) => {
      const onSqlite = sqlite.polling[index] as Run;
      const onPostgres = postgres.polling[index] as Run;
      return `| ${index + 1} | ${perSecond(onSqlite.rps)} | ${perSecond(onPostgres.rps)} | ${ratio.toFixed(2)} | ${ms(onSqlite.p99)} | ${ms(onPostgres.p99)} | ${us(onSqlite.serverCpuUs)} | ${us(onPostgres.serverCpuUs)} + ${us(onPostgres.databaseCpuUs)} |`;
    })
    .join("\n");
  const pickupRows = result.pickups
    .map(
      (pickup) =>
        `| ${pickup.label} | ${wholeMs(pickup.queueP50)} | ${wholeMs(pickup.queueP99)} | ${ms(pickup.clientP50)} | ${ms(pickup.clientP99)} | ${wholeMs(pickup.runMs)} |`,
    )
    .join("\n");
  const worstPickup = Math.max(
    ...result.pickups.flatMap((pickup) => [pickup.queueP99, pickup.clientP99]),
  );
  const meetsPickup = worstPickup < GOAL_PICKUP_P99_MS;
  const whereTheTimeGoes =
    meetsRatio && meetsP99
      ? ""
      : `

Where the time goes: a poll reads two rows, the API key by its hash and the job. On both databases these reads are answered from a result cache inside the process (src/db/precompiled.ts) while nothing changes; PostgreSQL tells the process of other processes' commits through a NOTIFY its triggers send, SQLite through its data_version. So the polls hardly reach either database, and a gap comes from the machine: \`quire api\` used ${us(postgres.cpuUs)} of CPU per request on PostgreSQL against ${us(sqlite.cpuUs)} on SQLite, and PostgreSQL's server processes ${us(postgres.databaseCpuUs)}, with ${os.cpus().length} cores shared by the load generator, both servers and whatever else runs; the p99 comes from queueing behind that work at full load.`;
  const sample = result.pickupCount < 100 ? "the slowest job" : "the 99th percentile";
  return `## PostgreSQL against SQLite, and the queue's pick-up latency

Measured by \`npm run bench:scale\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL ${result.postgresVersion} on the same machine (${result.postgresSettings}); the benchmark took ${result.wallSeconds.toFixed(0)} s, and the machine's 1-minute load average was ${result.loadBefore.toFixed(1)} when it started and ${result.loadAfter.toFixed(1)} when it ended (other work shares these cores).
Two \`quire api\` child processes with the same settings (background workers on, log level warn, no model configured, so agent jobs fail at once) run side by side on 127.0.0.1: one on SQLite in a fresh data dir, one on a fresh PostgreSQL database (jobs through pg-boss) with a data dir of its own. autocannon loads them from a third process, the two alternating run by run (SQLite, PostgreSQL, SQLite, PostgreSQL…) so a noisy shared machine affects both alike; figures are medians over the rounds. Server CPU per request is the \`quire api\` process's CPU time (every thread, user and system) over the answers it gave; on PostgreSQL, the CPU time of the database's server processes for the benchmark's database (from /proc) follows the +. Quire's SQLite runs in WAL mode with \`synchronous = NORMAL\` (no flush to disk per commit); this PostgreSQL flushes its write-ahead log at every commit.

### Polling an agent job: \`GET /v2/agent/{projectId}/job/{id}\`

${result.connections} keep-alive connections, each sending its next request as soon as the previous answer arrives, cycle through ${result.polledJobs} failed jobs of ${result.projects} projects on each server, with an API key in \`Authorization\`; ${result.ratios.length} rounds of ${result.seconds} s on each, after a ${WARMUP_SECONDS} s warm-up; every answer was a 200.

| | Requests per second | p50 | p99 | Server CPU per request |
|---|---:|---:|---:|---:|
| SQLite | ${perSecond(sqlite.rps)} | ${ms(sqlite.p50)} | ${ms(sqlite.p99)} | ${us(sqlite.cpuUs)} |
| PostgreSQL | ${perSecond(postgres.rps)} | ${ms(postgres.p50)} | ${ms(postgres.p99)} | ${us(postgres.cpuUs)} + ${us(postgres.databaseCpuUs)} |

- Polling on PostgreSQL answers **${share(result.ratio)}** of SQLite's requests per second (median of the rounds' ratios; goal: at least ${share(GOAL_RATIO)}: ${met(meetsRatio)}).
- p99 on PostgreSQL at that load: **${ms(postgres.p99)}** (goal: under ${GOAL_P99_MS} ms: ${met(meetsP99)}).

| Round | SQLite req/s | PostgreSQL req/s | Ratio | SQLite p99 | PostgreSQL p99 | SQLite CPU/request | PostgreSQL CPU/request (API + database) |
|---:|---:|---:|---:|---:|---:|---:|---:|
${rows}${whereTheTimeGoes}

### Creating agent jobs: \`POST /v2/agent/{projectId}/job\`

${sqlite.creation.length} rounds on each server of ${result.jobsPerRound / CREATIONS_PER_PROJECT} fresh projects, one connection per project sending its hourly allowance of ${CREATIONS_PER_PROJECT} creations (${result.jobsPerRound} jobs a round), after a warm-up round of ${WARMUP_PROJECTS * CREATIONS_PER_PROJECT} on ${WARMUP_PROJECTS} other projects; every answer was a 201 (and creation ${CREATIONS_PER_PROJECT + 1} on a project got its 429 on both). Jobs per second run from the first request to the last answer. The server's workers run the jobs meanwhile (each fails at once for want of a model), as in production; their work counts in the CPU per job, and the last column is how long after each round's last answer the last of its jobs ended.

| | Jobs created per second | p50 | p99 | Server CPU per job | Jobs all ended after |
|---|---:|---:|---:|---:|---:|
| SQLite | ${perSecond(sqlite.creationRps)} | ${ms(sqlite.creationP50)} | ${ms(sqlite.creationP99)} | ${us(sqlite.creationCpuUs)} | ${secondsList(sqlite.drainMs)} |
| PostgreSQL | ${perSecond(postgres.creationRps)} | ${ms(postgres.creationP50)} | ${ms(postgres.creationP99)} | ${us(postgres.creationCpuUs)} + ${us(postgres.creationDatabaseCpuUs)} | ${secondsList(postgres.drainMs)} |

Creation on PostgreSQL runs at ${share(result.creationRatio)} of SQLite's rate (median of the rounds' ratios; no goal). Rounds: SQLite ${sqlite.creation.map((run) => perSecond(run.rps)).join(", ")} jobs/s; PostgreSQL ${postgres.creation.map((run) => perSecond(run.rps)).join(", ")} jobs/s. Each creation is one transaction (the rate-limit count, the job, its prompt and its queue entry: on PostgreSQL a row in pg-boss's table and a NOTIFY), flushed to disk at commit on PostgreSQL only.

### Pick-up latency: from \`queued\` to \`running\` with idle workers

${result.pickupCount} export jobs of a two-page site on each set-up (after ${PICKUP_WARMUP} unmeasured ones), created one at a time through \`POST /v1/static-export/jobs\`, the set-ups taking turns; each job is created after the previous one of its set-up finished and a further pause of ${PAUSE_MIN_MS}–${PAUSE_MIN_MS + PAUSE_SPREAD_MS} ms, so its workers are idle, waiting for a wake-up or their 1 s poll. The three set-ups run with log level info, on the same SQLite data dir and PostgreSQL database as above, and the third on a database of its own. *Queued → started* is the worker's "job started" log line (pino's \`time\`) minus the job's \`createdAt\` (taken in the creating transaction, before its commit), both whole milliseconds; *seen by a client* runs from the creation's answer to the first answer of \`GET /v1/static-export/jobs/{id}\`, polled every ${PICKUP_POLL_MS} ms, that is no longer \`queued\` (the worker marks the job \`running\` after two reads, the export and its project). With ${result.pickupCount} jobs, p99 is ${sample}.

| Set-up | Queued → started, p50 | p99 | Seen by a client, p50 | p99 | Export run, median |
|---|---:|---:|---:|---:|---:|
${pickupRows}

- Pick-up p99 at most **${ms(worstPickup)}** on every set-up, both ways of measuring (goal: under ${GOAL_PICKUP_P99_MS} ms: ${met(meetsPickup)}). No set-up waits for a polling loop: the process that creates a job wakes its own idle workers at once, and on PostgreSQL the \`NOTIFY\` sent in the creating transaction wakes the idle workers of every other process when it commits. The few milliseconds more on PostgreSQL are that commit, flushed to disk before any worker hears of the job, and the claim, an update of pg-boss's job table committed in turn.
- Not measured: a separate \`quire worker\` on SQLite. SQLite has no notifications, so such a worker finds a new job at its next 1 s poll (about 0.5 s on average, up to 1 s); on SQLite, \`quire api\` runs the jobs itself, and separate workers are the PostgreSQL set-up.`;
}
