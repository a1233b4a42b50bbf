/**
 * The admin API benchmark (`BENCH_ONLY=api npm run bench`, or `npm run bench:api`).
 *
 * A real `quire api` (SQLite in a fresh temporary data dir, its background workers on) and a
 * bare Fastify route answering a constant JSON body run as two child processes on 127.0.0.1;
 * autocannon drives them from this process. Measured:
 * - job creation: `POST /v2/agent/{projectId}/job` across many projects (the limit is 100 per
 *   project per hour), a round of fresh projects at a time, every answer a 201;
 * - polling: `GET /v2/agent/{projectId}/job/{id}` beside the bare route, the two alternating
 *   round by round (bare, Quire, bare, Quire…) so a noisy shared machine affects both alike;
 *   compared as the ratio of each round's pair, reported as medians.
 *
 * Options: BENCH_API_ROUNDS (polling rounds, default 8), BENCH_API_SECONDS (seconds per polling
 * run, default 6), BENCH_API_CONNECTIONS (polling connections, default 10),
 * BENCH_API_PROJECTS (default 30), BENCH_API_CREATE_ROUNDS (default 3),
 * BENCH_API_CPU_PROF (a folder: the Quire child writes a V8 CPU profile there when it stops).
 *
 * Run as `node bench/api.ts --bare-server`, this file is the bare server itself.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { median } from "./measure.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quire = path.join(root, "bin", "quire.js");
const node = process.execPath;
const runFile = promisify(execFile);

/** The hourly creation limit of a project (src/domain/agent-job.ts: AGENT_RATE_LIMIT). */
export const CREATIONS_PER_PROJECT = 100;
/** Jobs of each project the polling connections cycle through. */
const POLLED_JOBS_PER_PROJECT = 10;
const WARMUP_SECONDS = 5;
/** Projects whose creations only warm the server up: not measured, not polled. */
const WARMUP_PROJECTS = 2;
/** The goals of the issue: polling at half the bare route's rate or more, p99 under 10 ms. */
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 10;

/** The bare route's answer: constant, shaped and sized like an agent job. */
const BARE_BODY = {
  id: "job_0mwt7goy7000ssq6xwaf3xmv",
  status: "failed",
  source: {
    repository: "/srv/docs/examples/docs",
    ref: "quire/agent-job_0mwt7goy7000ssq6xwaf3xmv",
  },
  model: "none",
  prLink: null,
  createdAt: "2026-11-23T12:00:00.000Z",
  updatedAt: "2026-11-23T12:00:00.010Z",
  archivedAt: null,
  error:
    "no model is configured: set QUIRE_AGENT_PROVIDER (openai, anthropic or openai-compatible) and QUIRE_AGENT_MODEL",
  summary: null,
};

export function option(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number from 1`);
  return value;
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// autocannon (no type declarations ship with it): the part of its API used here.

export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface CannonClient {
  setRequests(requests: CannonRequest[]): void;
}

interface CannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  setupClient?: (client: CannonClient) => void;
}

interface CannonResult {
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface CannonInstance extends PromiseLike<CannonResult> {
  on(
    event: "response",
    listener: (client: CannonClient, status: number, bytes: number, ms: number) => void,
  ): void;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: CannonOptions,
) => CannonInstance;

/** One load run: requests per second over its wall time, and latency percentiles to the microsecond. */
export interface LoadResult {
  /** 2xx answers per second of the run's wall time. */
  rps: number;
  responses: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  p50: number;
  p99: number;
  seconds: number;
  /**
   * From the start to the last answer: a run of a fixed amount of requests ends only at
   * autocannon's next 1 s tick after its last answer, which `seconds` includes.
   */
  answeringSeconds: number;
  /** CPU time the server process used (all its threads, user and system) per answer, in µs. */
  serverCpuUs: number;
  /** That CPU time over the run's wall time: 1 is one core kept busy. */
  serverBusy: number;
}

/** User plus system CPU seconds of a process (Linux /proc; NaN elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ) on every common build. */
const CLOCK_TICKS = 100;

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/**
 * Runs autocannon with one request list per connection (connection i gets `perConnection(i)`),
 * recording every answer's latency as autocannon measured it (its own histogram keeps whole
 * milliseconds only).
 */
export async function load(
  server: Server,
  options: {
    connections: number;
    duration?: number;
    amount?: number;
    perConnection: (index: number) => CannonRequest[];
  },
): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  let ok = 0;
  const cpuBefore = cpuSeconds(server.child.pid);
  const started = performance.now();
  const instance = autocannon({
    url: server.url,
    connections: options.connections,
    // autocannon refuses an option given as undefined.
    ...(options.amount === undefined ? { duration: options.duration } : { amount: options.amount }),
    timeout: 10,
    setupClient: (client) => client.setRequests(options.perConnection(next++)),
  });
  let lastAnswer = started;
  instance.on("response", (_client, status, _bytes, ms) => {
    lastAnswer = performance.now();
    latencies.push(ms);
    if (status >= 200 && status < 300) ok++;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats))
    statuses[status] = count;
  return {
    rps: ok / seconds,
    responses: latencies.length,
    statuses,
    errors: result.errors + result.timeouts,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    seconds,
    answeringSeconds: (lastAnswer - started) / 1000,
    serverCpuUs: (cpu / latencies.length) * 1e6,
    serverBusy: cpu / seconds,
  };
}

/** Throws unless every answer of a run had the expected status, with no connection error. */
export function expectOnly(result: LoadResult, status: number, what: string, count?: number): void {
  const others = Object.entries(result.statuses).filter(([code]) => Number(code) !== status);
  const got = result.statuses[status] ?? 0;
  if (others.length > 0 || result.errors > 0 || (count !== undefined && got !== count)) {
    throw new Error(
      `${what}: expected ${count ?? "only"} ${status} answers, got ${JSON.stringify(result.statuses)} and ${result.errors} connection errors or timeouts`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The two servers.

export interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Starts a child process and waits for the line that gives its address. */
export function startServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  address: RegExp,
  what: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`${what} did not start within 30 s:\n${output}`)),
      30_000,
    );
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const stop = async (): Promise<void> => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killer);
      }
      children.delete(child);
    };
    const onData = (chunk: Buffer): void => {
      output += chunk;
      const match = address.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, child, stop });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) =>
      fail(new Error(`${what} stopped (${signal ?? `exit code ${code}`}):\n${output}`)),
    );
  });
}

/** A Fastify server with one route that answers a constant JSON body: the ceiling to compare with. */
async function serveBareRoute(): Promise<void> {
  const { default: Fastify } = await import("fastify");
  const app = Fastify({ logger: false });
  app.get("/v2/agent/:projectId/job/:id", async () => BARE_BODY);
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  process.stdout.write(`bare route listening on ${address}\n`);
  process.once("SIGTERM", () => {
    void app.close().then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

export function describe(result: LoadResult): string {
  return `${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, server ${result.serverCpuUs.toFixed(0)} µs CPU per answer, ${(result.serverBusy * 100).toFixed(0)}% of a core`;
}

/** Runs a quire admin command with `--json` (in `env`, or this process's environment). */
export async function cli(
  dataDir: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<Record<string, string>> {
  const { stdout } = await runFile(node, [quire, ...args, "--data-dir", dataDir, "--json"], {
    cwd: root,
    env,
  });
  return JSON.parse(stdout) as Record<string, string>;
}

export async function waitUntilNoActiveJobs(
  url: string,
  key: string,
  projects: string[],
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const active = await Promise.all(
      projects.map(async (projectId) => {
        const response = await fetch(`${url}/v2/agent/${projectId}/jobs?status=active&limit=1`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (response.status !== 200) throw new Error(`listing jobs answered ${response.status}`);
        return ((await response.json()) as { jobs: unknown[] }).jobs.length;
      }),
    );
    if (active.every((count) => count === 0)) return performance.now() - started;
    if (performance.now() - started > 120_000)
      throw new Error("agent jobs still active 2 minutes after their creation");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ApiBenchmark {
  connections: number;
  seconds: number;
  rounds: { bare: LoadResult; quire: LoadResult; ratio: number }[];
  bareRps: number;
  quireRps: number;
  ratio: number;
  bareP50: number;
  bareP99: number;
  quireP50: number;
  quireP99: number;
  /** Server CPU per answer, µs, and the share of a core each server kept busy. */
  bareCpuUs: number;
  quireCpuUs: number;
  bareBusy: number;
  quireBusy: number;
  polledJobs: number;
  projects: number;
  creation: {
    rounds: LoadResult[];
    jobsPerRound: number;
    connections: number;
    rps: number;
    p50: number;
    p99: number;
    cpuUs: number;
    drainMs: number[];
  };
  wallSeconds: number;
}

export async function runApiBenchmark(): Promise<ApiBenchmark> {
  const rounds = option("BENCH_API_ROUNDS", 8);
  const seconds = option("BENCH_API_SECONDS", 6);
  const connections = option("BENCH_API_CONNECTIONS", 10);
  const projectCount = option("BENCH_API_PROJECTS", 30);
  const createRounds = option("BENCH_API_CREATE_ROUNDS", 3);
  if (projectCount % createRounds !== 0)
    throw new Error("BENCH_API_PROJECTS must be a multiple of BENCH_API_CREATE_ROUNDS");
  const cpuProfile = process.env.BENCH_API_CPU_PROF;
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-api-"));
  const servers: Server[] = [];
  try {
    log(
      `API: an organization, a key and ${WARMUP_PROJECTS + projectCount} projects through the quire CLI…`,
    );
    const { orgId } = await cli(dataDir, ["orgs", "create", "--name", "Benchmark"]);
    const { key } = await cli(dataDir, ["keys", "create", "--org", orgId as string]);
    // One at a time: two CLI processes opening the database at once can meet "database is
    // locked" (a connection's first pragma runs before its busy_timeout is set).
    const projects: string[] = [];
    for (let index = 0; index < WARMUP_PROJECTS + projectCount; index++) {
      const { projectId } = await cli(dataDir, [
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
    const authorization = `Bearer ${key}`;

    // No model: every agent job fails at once instead of calling out.
    const env: NodeJS.ProcessEnv = { ...process.env, QUIRE_LOG_LEVEL: "warn" };
    for (const name of Object.keys(env)) if (name.startsWith("QUIRE_AGENT_")) delete env[name];
    const profileFlags = cpuProfile
      ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(cpuProfile)]
      : [];
    const quireServer = await startServer(
      [...profileFlags, quire, "api", "--host", "127.0.0.1", "--port", "0", "--data-dir", dataDir],
      env,
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      "quire api",
    );
    servers.push(quireServer);
    const bareServer = await startServer(
      [fileURLToPath(import.meta.url), "--bare-server"],
      env,
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      "the bare Fastify server",
    );
    servers.push(bareServer);
    log(`API: quire api on ${quireServer.url}, bare route on ${bareServer.url}`);

    // Creation: a round of fresh projects at a time, one connection per project, each sending
    // exactly the project's hourly allowance; every answer must be a 201.
    const perRound = projectCount / createRounds;
    const creation: LoadResult[] = [];
    const drainMs: number[] = [];
    const createBody = JSON.stringify({
      prompt: "Benchmark: fix the typo in the quickstart's second heading.",
    });
    const create = async (roundProjects: string[]): Promise<LoadResult> => {
      const result = await load(quireServer, {
        connections: roundProjects.length,
        amount: roundProjects.length * CREATIONS_PER_PROJECT,
        perConnection: (index) => [
          {
            method: "POST",
            path: `/v2/agent/${roundProjects[index]}/job`,
            headers: { authorization, "content-type": "application/json" },
            body: createBody,
          },
        ],
      });
      expectOnly(result, 201, "job creation", roundProjects.length * CREATIONS_PER_PROJECT);
      drainMs.push(await waitUntilNoActiveJobs(quireServer.url, key as string, roundProjects));
      log(
        `API: created ${describe(result).replace("req/s", "jobs/s")}; the last job ended ${((drainMs.at(-1) ?? 0) / 1000).toFixed(1)} s after its creation`,
      );
      return result;
    };
    const warmupProjects = projects.slice(0, WARMUP_PROJECTS);
    const measuredProjects = projects.slice(WARMUP_PROJECTS);
    log(`API: creation warm-up: ${WARMUP_PROJECTS} projects × ${CREATIONS_PER_PROJECT} jobs…`);
    await create(warmupProjects);
    drainMs.length = 0;
    // The allowance is spent: one more creation is refused.
    const refused = await fetch(`${quireServer.url}/v2/agent/${warmupProjects[0]}/job`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: createBody,
    });
    if (refused.status !== 429)
      throw new Error(
        `creation ${CREATIONS_PER_PROJECT + 1} of a project answered ${refused.status}, not 429`,
      );
    for (let round = 0; round < createRounds; round++) {
      log(
        `API: creation round ${round + 1}/${createRounds}: ${perRound} projects × ${CREATIONS_PER_PROJECT} jobs…`,
      );
      creation.push(await create(measuredProjects.slice(round * perRound, (round + 1) * perRound)));
    }

    // The jobs to poll: the newest of every project, all failed by now.
    const targets: string[] = [];
    for (const projectId of measuredProjects) {
      const response = await fetch(
        `${quireServer.url}/v2/agent/${projectId}/jobs?limit=${POLLED_JOBS_PER_PROJECT}`,
        { headers: { authorization } },
      );
      const { jobs } = (await response.json()) as { jobs: { id: string; status: string }[] };
      for (const job of jobs) {
        if (job.status !== "failed") throw new Error(`job ${job.id} is ${job.status}, not failed`);
        targets.push(`/v2/agent/${projectId}/job/${job.id}`);
      }
    }
    // Connection i cycles through every connections-th job: all connections see other projects.
    const pollRequests = (index: number): CannonRequest[] =>
      targets
        .filter((_, n) => n % connections === index % connections)
        .map((target) => ({ method: "GET", path: target, headers: { authorization } }));
    const check = await fetch(`${quireServer.url}${targets[0]}`, { headers: { authorization } });
    if (check.status !== 200) throw new Error(`polling answered ${check.status}`);

    const poll = async (server: Server, duration: number): Promise<LoadResult> => {
      const result = await load(server, { connections, duration, perConnection: pollRequests });
      expectOnly(result, 200, `polling ${server === bareServer ? "the bare route" : "quire"}`);
      return result;
    };
    log(`API: warming up both servers (${WARMUP_SECONDS} s each)…`);
    await poll(bareServer, WARMUP_SECONDS);
    await poll(quireServer, WARMUP_SECONDS);
    const polling: ApiBenchmark["rounds"] = [];
    for (let round = 1; round <= rounds; round++) {
      const bare = await poll(bareServer, seconds);
      const quireResult = await poll(quireServer, seconds);
      polling.push({ bare, quire: quireResult, ratio: quireResult.rps / bare.rps });
      log(
        `API: polling round ${round}/${rounds}: bare ${describe(bare)}; quire ${describe(quireResult)}; ratio ${(quireResult.rps / bare.rps).toFixed(2)}`,
      );
    }

    const all = (values: LoadResult[], pick: (result: LoadResult) => number): number =>
      median(values.map(pick));
    const bareRuns = polling.map((round) => round.bare);
    const quireRuns = polling.map((round) => round.quire);
    return {
      connections,
      seconds,
      rounds: polling,
      bareRps: all(bareRuns, (result) => result.rps),
      quireRps: all(quireRuns, (result) => result.rps),
      ratio: median(polling.map((round) => round.ratio)),
      bareP50: all(bareRuns, (result) => result.p50),
      bareP99: all(bareRuns, (result) => result.p99),
      quireP50: all(quireRuns, (result) => result.p50),
      quireP99: all(quireRuns, (result) => result.p99),
      bareCpuUs: all(bareRuns, (result) => result.serverCpuUs),
      quireCpuUs: all(quireRuns, (result) => result.serverCpuUs),
      bareBusy: all(bareRuns, (result) => result.serverBusy),
      quireBusy: all(quireRuns, (result) => result.serverBusy),
      polledJobs: targets.length,
      projects: projectCount,
      creation: {
        rounds: creation,
        jobsPerRound: perRound * CREATIONS_PER_PROJECT,
        connections: perRound,
        rps: all(creation, (result) => result.rps),
        p50: all(creation, (result) => result.p50),
        p99: all(creation, (result) => result.p99),
        cpuUs: all(creation, (result) => result.serverCpuUs),
        drainMs,
      },
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const ms = (value: number): string =>
  `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const us = (value: number): string => `${value.toFixed(0)} µs`;
export const perSecond = (value: number): string => Math.round(value).toLocaleString("en-US");
export const share = (value: number): string => `${(value * 100).toFixed(0)}%`;

/** The admin API section of BENCHMARKS.md. */
export function apiSection(result: ApiBenchmark, machine: string): string {
  const { creation } = result;
  const meetsRatio = result.ratio >= GOAL_RATIO;
  const meetsP99 = result.quireP99 < GOAL_P99_MS;
  const goalRate = result.bareRps * GOAL_RATIO;
  const p99Line = meetsRatio
    ? `- p99 at that load: **${ms(result.quireP99)}** (goal: under ${GOAL_P99_MS} ms: ${meetsP99 ? "met" : "**not met**"}).`
    : `- p99 while polling at Quire's own full rate (${perSecond(result.quireRps)} req/s): **${ms(result.quireP99)}**. The goal (under ${GOAL_P99_MS} ms at half the bare route's rate, ${perSecond(goalRate)} req/s) cannot be checked: Quire does not reach that rate here.`;
  const roundsTable = result.rounds
    .map(
      (round, index) =>
        `| ${index + 1} | ${perSecond(round.bare.rps)} | ${perSecond(round.quire.rps)} | ${round.ratio.toFixed(2)} | ${ms(round.bare.p99)} | ${ms(round.quire.p99)} | ${us(round.bare.serverCpuUs)} | ${us(round.quire.serverCpuUs)} |`,
    )
    .join("\n");
  return `## Admin API

Measured by \`BENCH_ONLY=api npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; the benchmark took ${result.wallSeconds.toFixed(0)} s.
\`quire api\` (SQLite in a fresh data dir, background workers on, log level warn) and a bare Fastify route that answers a constant JSON body of the same shape run as two child processes on 127.0.0.1; autocannon loads them from a third process. Polling alternates between the two servers (bare, Quire, bare, Quire…) for ${result.rounds.length} rounds of ${result.seconds} s each, after a ${WARMUP_SECONDS} s warm-up of each, so a noisy shared machine affects both alike; figures are medians over the rounds, and the ratio is the median of each round's Quire/bare pair. Latencies are per request at the load of the same runs: ${result.connections} keep-alive connections, each sending its next request as soon as the previous answer arrives, which is as fast as each server answers on this machine. Server CPU per request is the CPU time of the server process (every thread, user and system) over the answers it gave: it depends less on what else the machine is running than requests per second do.

### Polling an agent job: \`GET /v2/agent/{projectId}/job/{id}\`

The ${result.connections} connections cycle through ${result.polledJobs} failed jobs of ${result.projects} projects (${result.polledJobs / result.connections} each), with an API key in \`Authorization\`; every answer was a 200.

| | Requests per second | p50 | p99 | Server CPU per request |
|---|---:|---:|---:|---:|
| Bare Fastify route, constant JSON | ${perSecond(result.bareRps)} | ${ms(result.bareP50)} | ${ms(result.bareP99)} | ${us(result.bareCpuUs)} |
| Quire, \`GET /v2/agent/{projectId}/job/{id}\` | ${perSecond(result.quireRps)} | ${ms(result.quireP50)} | ${ms(result.quireP99)} | ${us(result.quireCpuUs)} |

- Polling answers **${share(result.ratio)}** of the bare route's requests per second (goal: at least ${share(GOAL_RATIO)}: ${meetsRatio ? "met" : "**not met**"}).
${p99Line}
- Quire spends ${(result.quireCpuUs / result.bareCpuUs).toFixed(1)}× the bare route's CPU time per request. The servers kept ${share(result.bareBusy)} (bare) and ${share(result.quireBusy)} (Quire) of a core busy: the load generator and the rest of the machine share the ${os.cpus().length} cores.

| Round | Bare req/s | Quire req/s | Ratio | Bare p99 | Quire p99 | Bare CPU/request | Quire CPU/request |
|---:|---:|---:|---:|---:|---:|---:|---:|
${roundsTable}

### Creating agent jobs: \`POST /v2/agent/{projectId}/job\`

${creation.rounds.length} rounds of ${creation.connections} fresh projects, one connection per project sending its hourly allowance of ${CREATIONS_PER_PROJECT} creations (${creation.jobsPerRound} jobs a round, ${creation.jobsPerRound * creation.rounds.length} in all), after a warm-up round of ${WARMUP_PROJECTS * CREATIONS_PER_PROJECT} on ${WARMUP_PROJECTS} other projects; every answer was a 201, and creation ${CREATIONS_PER_PROJECT + 1} on a project was refused with a 429 as it should be. The server's workers run the jobs meanwhile (with no model configured, each fails at once), as they would in production; their CPU time during a round counts in the server's CPU per job.

| | Jobs created per second | p50 | p99 | Server CPU per job |
|---|---:|---:|---:|---:|
| Quire, ${creation.connections} connections | ${perSecond(creation.rps)} | ${ms(creation.p50)} | ${ms(creation.p99)} | ${us(creation.cpuUs)} |

Rounds: ${creation.rounds.map((round) => `${perSecond(round.rps)} jobs/s (p99 ${ms(round.p99)})`).join(", ")}.`;
}

if (import.meta.main && process.argv[2] === "--bare-server") await serveBareRoute();
