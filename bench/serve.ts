/**
 * `quire serve` against nginx (`BENCH_ONLY=serve npm run bench`, or `npm run bench:serve`).
 *
 * The benchmark exports examples/docs into a bundle, starts a real `quire serve` child process
 * that downloads it from a local link, unpacks and precompresses it, then starts nginx (the
 * system package, /usr/sbin/nginx or NGINX_BIN) on 127.0.0.1 with a generated configuration
 * whose root holds hard links of the very files quire serve made active (the site and Quire's
 * compressed copies, which quire serve keeps apart). Both answer the same pages, with the
 * same extensionless routing, the same headers and the same precompressed `.gz` files; the
 * benchmark checks that their bodies are identical before it measures.
 *
 * autocannon loads them from this process, alternating the two servers run by run (quire,
 * nginx, quire, nginx…) so a noisy shared machine affects both alike. Workloads:
 * - HTML pages with `Accept-Encoding: gzip` (each connection rotates through the pages);
 * - the same pages without compression;
 * - the hashed stylesheet with `Accept-Encoding: gzip`.
 *
 * Options: BENCH_SERVE_ROUNDS (rounds of the HTML workload, default 3), BENCH_SERVE_SECONDS
 * (seconds per run, default 8), BENCH_SERVE_CONNECTIONS (default 20), BENCH_SERVE_PAGES (page
 * paths rotated through, default 20), BENCH_SERVE_CPU_PROF (a folder: the quire serve child
 * writes a V8 CPU profile there when it stops), NGINX_BIN.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { createServer as createNetServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { median } from "./measure.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const quire = path.join(root, "bin", "quire.js");
const node = process.execPath;
const runFile = promisify(execFile);
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

/** The goals of the issue: half of nginx's requests per second on HTML pages, p99 under 20 ms. */
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 20;
const WARMUP_SECONDS = 3;
/** nginx worker processes: one, as quire serve answers on one event loop. */
const NGINX_WORKERS = 1;

function option(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number from 1`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// autocannon (no type declarations ship with it): the part of its API used here.

interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

interface CannonClient {
  setRequests(requests: CannonRequest[]): void;
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

const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  setupClient: (client: CannonClient) => void;
}) => CannonInstance;

// ---------------------------------------------------------------------------------------------
// Servers and load.

interface Server {
  name: "quire" | "nginx";
  url: string;
  child: ChildProcess;
  /** The processes whose CPU time counts as the server's (nginx: its master and workers). */
  pids(): number[];
  stop(): Promise<void>;
}

interface LoadResult {
  /** 200 answers per second of the run's wall time. */
  rps: number;
  responses: number;
  statuses: Record<string, number>;
  errors: number;
  p50: number;
  p99: number;
  /** Bytes of the answers (headers and body) per second. */
  bytesPerSecond: number;
  /** CPU time of the server's processes (user and system) per answer, in µs. */
  serverCpuUs: number;
  /** That CPU time over the run's wall time: 1 is one core kept busy. */
  serverBusy: number;
}

/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ) on every common build. */
const CLOCK_TICKS = 100;

/** User plus system CPU seconds of processes (Linux /proc; NaN elsewhere). */
function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

/** The children of a process, from /proc (nginx's workers). */
function childPids(parent: number | undefined): number[] {
  if (parent === undefined) return [];
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) found.push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/** One autocannon run; connection i rotates through `requests` starting at its own offset. */
async function load(
  server: Server,
  requests: CannonRequest[],
  connections: number,
  duration: number,
): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  let ok = 0;
  let bytes = 0;
  const pids = server.pids();
  const cpuBefore = cpuSeconds(pids);
  const started = performance.now();
  const instance = autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 10,
    setupClient: (client) => {
      const offset =
        (next++ * Math.max(1, Math.floor(requests.length / connections))) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
  instance.on("response", (_client, status, size, ms) => {
    latencies.push(ms);
    bytes += size;
    if (status === 200) ok++;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pids) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats))
    statuses[status] = count;
  const outcome: LoadResult = {
    rps: ok / seconds,
    responses: latencies.length,
    statuses,
    errors: result.errors + result.timeouts,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    bytesPerSecond: bytes / seconds,
    serverCpuUs: (cpu / latencies.length) * 1e6,
    serverBusy: cpu / seconds,
  };
  const others = Object.keys(statuses).filter((code) => code !== "200");
  if (others.length > 0 || outcome.errors > 0)
    throw new Error(
      `${server.name}: expected only 200 answers, got ${JSON.stringify(statuses)} and ${outcome.errors} connection errors or timeouts`,
    );
  return outcome;
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

function spawnServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
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
  return { child, output: () => output, stop };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, output: () => string) {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} was not ready within 60 s:\n${output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Serves one file over HTTP once started: the bundle link of the values file. */
async function bundleLink(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/site.tar.gz?signature=bench`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function startQuire(bundle: string, work: string, cpuProfile: string | undefined) {
  const link = await bundleLink(bundle);
  try {
    const values = path.join(work, "values.yaml");
    writeFileSync(
      values,
      `staticExport:\n  enabled: true\n  bundleUrl: "${link.url}"\n  version: "bench"\n`,
    );
    const dataDir = path.join(work, "quire-data");
    const port = await freePort();
    const profileFlags = cpuProfile
      ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(cpuProfile)]
      : [];
    const spawned = spawnServer(
      node,
      [
        ...profileFlags,
        quire,
        "serve",
        "--values",
        values,
        "--port",
        String(port),
        "--host",
        "127.0.0.1",
        "--data-dir",
        dataDir,
      ],
      // Request logging off, as it is for nginx below.
      { ...process.env, QUIRE_LOG_LEVEL: "warn" },
    );
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await get(`${url}/readyz`)).status === 200,
      "quire serve",
      spawned.output,
    );
    const state = JSON.parse(readFileSync(path.join(dataDir, "active.json"), "utf8")) as {
      active: string;
    };
    const server: Server = {
      name: "quire",
      url,
      child: spawned.child,
      pids: () => (spawned.child.pid === undefined ? [] : [spawned.child.pid]),
      stop: spawned.stop,
    };
    const version = path.join(dataDir, "versions", state.active);
    return {
      server,
      directory: path.join(version, "site"),
      compressed: path.join(version, "compressed"),
    };
  } finally {
    await link.close();
  }
}

/** The headers quire serve sends (src/serve/static-server.ts), so both answers weigh the same. */
const SECURITY_HEADERS = [
  [
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
  ],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "SAMEORIGIN"],
] as const;

function nginxConfig(prefix: string, directory: string, port: number): string {
  const headers = (cacheControl: string): string =>
    [...SECURITY_HEADERS, ["Cache-Control", cacheControl], ["Accept-Ranges", "bytes"]]
      .map(([name, value]) => `      add_header ${name} "${value}" always;`)
      .join("\n");
  // Running as root, the workers would switch to "nobody", who cannot read the private temp
  // folders; on a loopback benchmark they may keep root's rights.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${user}worker_processes ${NGINX_WORKERS};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;

events {
  worker_connections 1024;
}

http {
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    application/json json;
    text/markdown md;
    text/plain txt;
    application/xml xml;
    image/svg+xml svg;
    image/png png;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/javascript application/json text/markdown text/plain application/xml;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  open_file_cache max=10000 inactive=60s;
  open_file_cache_valid 60s;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  server {
    listen 127.0.0.1:${port};
    root ${directory};
    error_page 404 /404.html;

    location ~ "[.-][0-9a-f]{8,}(\\.|/)" {
${headers("public, max-age=31536000, immutable")}
    }
    location / {
${headers("no-cache")}
      try_files $uri $uri.html $uri/index.html =404;
    }
  }
}
`;
}

async function startNginx(directory: string, work: string): Promise<Server> {
  const prefix = path.join(work, "nginx");
  mkdirSync(prefix, { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(prefix, directory, port));
  const spawned = spawnServer(
    NGINX,
    ["-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log"), "-g", "daemon off;"],
    process.env,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (spawned.child.exitCode !== null) throw new Error("nginx stopped");
      return (await get(`${url}/`)).status === 200;
    },
    "nginx",
    () => `${spawned.output()}${readIfExists(path.join(prefix, "error.log"))}`,
  );
  return {
    name: "nginx",
    url,
    child: spawned.child,
    pids: () =>
      spawned.child.pid === undefined ? [] : [spawned.child.pid, ...childPids(spawned.child.pid)],
    stop: spawned.stop,
  };
}

function readIfExists(file: string): string {
  return existsSync(file) ? readFileSync(file, "utf8") : "";
}

/** Extensionless paths of the site's pages (not 404.html, not redirect stubs), sorted. */
function pagePaths(directory: string, count: number): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { recursive: true })) {
    const relative = String(entry).split(path.sep).join("/");
    if (!relative.endsWith(".html") || relative === "404.html") continue;
    const html = readFileSync(path.join(directory, relative), "utf8");
    if (/http-equiv="refresh"/i.test(html)) continue;
    found.push(
      relative === "index.html"
        ? "/"
        : relative.endsWith("/index.html")
          ? `/${relative.slice(0, -"index.html".length)}`
          : `/${relative.slice(0, -".html".length)}`,
    );
  }
  return found.sort().slice(0, count);
}

/** The first hashed stylesheet of the site (`_quire/quire.<hash>.css`). */
function hashedStylesheet(directory: string): string {
  const name = readdirSync(path.join(directory, "_quire")).find((file) =>
    /^quire\.[0-9a-f]{8,}\.css$/.test(file),
  );
  if (!name) throw new Error("the bundle has no hashed stylesheet under _quire/");
  return `/_quire/${name}`;
}

/** Both servers give the same body for every path, plain and gzip-compressed. */
async function checkSameAnswers(quireServer: Server, nginx: Server, paths: string[]) {
  for (const target of paths) {
    for (const encoding of ["identity", "gzip"]) {
      const [a, b] = await Promise.all(
        [quireServer, nginx].map((server) =>
          get(`${server.url}${target}`, { "accept-encoding": encoding }),
        ),
      );
      if (!a || !b) throw new Error("no answer");
      for (const [server, answer] of [
        [quireServer, a],
        [nginx, b],
      ] as const) {
        if (answer.status !== 200)
          throw new Error(`${server.name} answered ${answer.status} for ${target}`);
        if (encoding === "gzip" && answer.headers["content-encoding"] !== "gzip")
          throw new Error(`${server.name} did not send ${target} gzip-compressed`);
      }
      const body = (answer: Answer): Buffer =>
        encoding === "gzip" ? gunzipSync(answer.body) : answer.body;
      if (!body(a).equals(body(b)))
        throw new Error(`quire serve and nginx answered different bodies for ${target}`);
      if (encoding === "gzip" && !a.body.equals(b.body))
        throw new Error(`quire serve and nginx sent different .gz files for ${target}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The benchmark.

interface Round {
  quire: LoadResult;
  nginx: LoadResult;
  ratio: number;
}

export interface WorkloadResult {
  title: string;
  /** HTML pages: the workloads the goals are about. */
  html: boolean;
  description: string;
  seconds: number;
  rounds: Round[];
  quire: Summary;
  nginx: Summary;
  ratio: number;
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  cpuUs: number;
  busy: number;
  bytesPerAnswer: number;
}

export type ServeBenchmark =
  | { skipped: string }
  | {
      skipped?: undefined;
      nginxVersion: string;
      connections: number;
      pages: number;
      sitePages: number;
      workloads: WorkloadResult[];
      /** The machine's 1-minute load average when the benchmark started and when it ended. */
      loadAverage: [number, number];
      wallSeconds: number;
    };

function summarize(results: LoadResult[]): Summary {
  const pick = (value: (result: LoadResult) => number): number => median(results.map(value));
  return {
    rps: pick((result) => result.rps),
    p50: pick((result) => result.p50),
    p99: pick((result) => result.p99),
    cpuUs: pick((result) => result.serverCpuUs),
    busy: pick((result) => result.serverBusy),
    bytesPerAnswer: pick((result) => result.bytesPerSecond / result.rps),
  };
}

function describe(result: LoadResult): string {
  return `${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ${result.serverCpuUs.toFixed(0)} µs server CPU per answer`;
}

export async function runServeBenchmark(log: (message: string) => void): Promise<ServeBenchmark> {
  if (!existsSync(NGINX)) {
    return {
      skipped: `nginx is not installed (no ${NGINX}): install it with \`apt-get install -y nginx\` (or set NGINX_BIN) and run \`npm run bench:serve\` again`,
    };
  }
  const rounds = option("BENCH_SERVE_ROUNDS", 3);
  const seconds = option("BENCH_SERVE_SECONDS", 8);
  const connections = option("BENCH_SERVE_CONNECTIONS", 20);
  const pageCount = option("BENCH_SERVE_PAGES", 20);
  const cpuProfile = process.env.BENCH_SERVE_CPU_PROF;
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? Number.NaN;
  const nginxVersion = (await runFile(NGINX, ["-v"])).stderr.trim().replace(/^nginx version: /, "");
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-bench-serve-"));
  const servers: Server[] = [];
  try {
    log("Serve: exporting examples/docs…");
    const bundle = path.join(work, "site.tar.gz");
    await runFile(node, [
      quire,
      "export",
      path.join(root, "examples", "docs"),
      "-o",
      bundle,
      "--quiet",
      "--no-cache",
    ]);
    log("Serve: starting quire serve (download, unpack, precompress)…");
    const quireStart = await startQuire(bundle, work, cpuProfile);
    servers.push(quireStart.server);
    const { directory, compressed } = quireStart;
    // nginx's gzip_static reads a page's .gz beside it: the same files quire serve sends,
    // hard-linked into one folder (quire serve keeps its compressed copies apart from the site).
    const nginxRoot = path.join(work, "nginx-root");
    await runFile("cp", ["-al", `${directory}/.`, nginxRoot]);
    const gzipCopies = path.join(compressed, "gzip");
    for (const entry of readdirSync(gzipCopies, { recursive: true })) {
      const copy = path.join(gzipCopies, String(entry));
      if (statSync(copy).isFile()) linkSync(copy, path.join(nginxRoot, `${entry}.gz`));
    }
    log(`Serve: starting ${nginxVersion} on the same files (${nginxRoot})…`);
    const nginx = await startNginx(nginxRoot, work);
    servers.push(nginx);
    const quireServer = quireStart.server;

    const pages = pagePaths(directory, pageCount);
    const sitePages = pagePaths(directory, Number.MAX_SAFE_INTEGER).length;
    const stylesheet = hashedStylesheet(directory);
    await checkSameAnswers(quireServer, nginx, [...pages, stylesheet]);
    log(
      `Serve: quire serve on ${quireServer.url}, nginx on ${nginx.url}; ${pages.length} pages, same bodies from both`,
    );

    const gzip = { "accept-encoding": "gzip" };
    const htmlGzip = pages.map((page) => ({ method: "GET", path: page, headers: gzip }));
    const htmlPlain = pages.map((page) => ({ method: "GET", path: page }));
    const css = [{ method: "GET", path: stylesheet, headers: gzip }];
    const workloads: {
      title: string;
      html: boolean;
      description: string;
      requests: CannonRequest[];
      rounds: number;
      seconds: number;
    }[] = [
      {
        title: "HTML pages, `Accept-Encoding: gzip`",
        html: true,
        description: `${pages.length} of the site's ${sitePages} pages by their extensionless paths (\`${pages.slice(0, 3).join("`, `")}\`…), each connection rotating through them from its own starting page; both send the page's \`.gz\` written at unpack time`,
        requests: htmlGzip,
        rounds,
        seconds,
      },
      {
        title: "HTML pages, uncompressed",
        html: true,
        description: "the same paths without `Accept-Encoding`: both send the page itself",
        requests: htmlPlain,
        rounds: Math.max(1, rounds - 1),
        seconds: Math.max(1, Math.round(seconds * 0.75)),
      },
      {
        title: `A hashed stylesheet, \`Accept-Encoding: gzip\``,
        html: false,
        description: `\`${stylesheet}\` (${(statSync(path.join(directory, stylesheet)).size / 1024).toFixed(0)} KB, its \`.gz\` ${(statSync(path.join(compressed, "gzip", stylesheet)).size / 1024).toFixed(0)} KB), cached forever by browsers`,
        requests: css,
        rounds: Math.max(1, rounds - 1),
        seconds: Math.max(1, Math.round(seconds * 0.75)),
      },
    ];

    log(`Serve: warming up both servers (${WARMUP_SECONDS} s each)…`);
    for (const workload of workloads) {
      await load(quireServer, workload.requests, connections, 1);
      await load(nginx, workload.requests, connections, 1);
    }
    await load(quireServer, htmlGzip, connections, WARMUP_SECONDS);
    await load(nginx, htmlGzip, connections, WARMUP_SECONDS);

    const results: WorkloadResult[] = [];
    for (const workload of workloads) {
      const measured: Round[] = [];
      for (let round = 1; round <= workload.rounds; round++) {
        const quireResult = await load(
          quireServer,
          workload.requests,
          connections,
          workload.seconds,
        );
        const nginxResult = await load(nginx, workload.requests, connections, workload.seconds);
        measured.push({
          quire: quireResult,
          nginx: nginxResult,
          ratio: quireResult.rps / nginxResult.rps,
        });
        log(
          `Serve: ${workload.title}, round ${round}/${workload.rounds}: quire ${describe(quireResult)}; nginx ${describe(nginxResult)}; ratio ${(quireResult.rps / nginxResult.rps).toFixed(2)}`,
        );
      }
      results.push({
        title: workload.title,
        html: workload.html,
        description: workload.description,
        seconds: workload.seconds,
        rounds: measured,
        quire: summarize(measured.map((round) => round.quire)),
        nginx: summarize(measured.map((round) => round.nginx)),
        ratio: median(measured.map((round) => round.ratio)),
      });
    }
    return {
      nginxVersion,
      connections,
      pages: pages.length,
      sitePages,
      workloads: results,
      loadAverage: [loadBefore, os.loadavg()[0] ?? Number.NaN],
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const us = (value: number): string => `${value.toFixed(0)} µs`;
const perSecond = (value: number): string => Math.round(value).toLocaleString("en-US");
const share = (value: number): string => `${(value * 100).toFixed(0)}%`;
const kb = (value: number): string => `${(value / 1024).toFixed(1)} KB`;

/** The `quire serve` section of BENCHMARKS.md. */
export function serveSection(
  result: Exclude<ServeBenchmark, { skipped: string }>,
  machine: string,
): string {
  const html = result.workloads.filter((workload) => workload.html);
  const goals = html
    .map((workload) => {
      const meetsRatio = workload.ratio >= GOAL_RATIO;
      const meetsP99 = workload.quire.p99 < GOAL_P99_MS;
      return `- ${workload.title}: \`quire serve\` answers **${share(workload.ratio)}** of nginx's requests per second (goal: at least ${share(GOAL_RATIO)}: ${meetsRatio ? "met" : "**not met**"}), with a p99 of **${ms(workload.quire.p99)}** (goal: under ${GOAL_P99_MS} ms: ${meetsP99 ? "met" : "**not met**"}; nginx: ${ms(workload.nginx.p99)}). Server CPU time per request: ${us(workload.quire.cpuUs)} against ${us(workload.nginx.cpuUs)}, so with a core each and a load generator that kept up, \`quire serve\` would reach about **${share(workload.nginx.cpuUs / workload.quire.cpuUs)}** of nginx's rate.`;
    })
    .join("\n");
  const tables = result.workloads
    .map((workload) => {
      const rows = workload.rounds
        .map(
          (round, index) =>
            `| ${index + 1} | ${perSecond(round.quire.rps)} | ${perSecond(round.nginx.rps)} | ${round.ratio.toFixed(2)} | ${ms(round.quire.p99)} | ${ms(round.nginx.p99)} |`,
        )
        .join("\n");
      return `### ${workload.title}

${workload.description[0]?.toUpperCase()}${workload.description.slice(1)}; ${workload.rounds.length} rounds of ${workload.seconds} s per server.

| | Requests per second | p50 | p99 | Server CPU per request | Bytes per answer |
|---|---:|---:|---:|---:|---:|
| \`quire serve\` | ${perSecond(workload.quire.rps)} | ${ms(workload.quire.p50)} | ${ms(workload.quire.p99)} | ${us(workload.quire.cpuUs)} | ${kb(workload.quire.bytesPerAnswer)} |
| nginx | ${perSecond(workload.nginx.rps)} | ${ms(workload.nginx.p50)} | ${ms(workload.nginx.p99)} | ${us(workload.nginx.cpuUs)} | ${kb(workload.nginx.bytesPerAnswer)} |

Quire/nginx: **${share(workload.ratio)}** of the requests per second; ${(workload.quire.cpuUs / workload.nginx.cpuUs).toFixed(1)}× the CPU time per request. The servers kept ${share(workload.quire.busy)} (quire) and ${share(workload.nginx.busy)} (nginx) of a core busy${Math.round(Math.max(workload.quire.busy, workload.nginx.busy) * 100) < 50 ? ": neither kept half a core busy, so this rate is set by the load generator and the machine more than by either server" : ""}.

| Round | Quire req/s | nginx req/s | Ratio | Quire p99 | nginx p99 |
|---:|---:|---:|---:|---:|---:|
${rows}`;
    })
    .join("\n\n");
  return `## \`quire serve\` against nginx

Measured by \`npm run bench:serve\` on ${new Date().toISOString().slice(0, 10)}: ${machine}, ${result.nginxVersion}; the benchmark took ${result.wallSeconds.toFixed(0)} s, with the machine's load average at ${result.loadAverage[0].toFixed(1)} when it started and ${result.loadAverage[1].toFixed(1)} when it ended (other work shares these cores).
examples/docs is exported into a bundle; \`quire serve\` downloads it from a local link, unpacks it and writes its \`.br\` and \`.gz\` files, and nginx (the Debian package, started by the benchmark with a generated configuration) serves hard links of the very files \`quire serve\` made active (its site and compressed copies, in one folder), so both send the same files. nginx runs ${NGINX_WORKERS} worker process (\`worker_processes ${NGINX_WORKERS}\`), as \`quire serve\` answers on one event loop, with extensionless routing (\`try_files $uri $uri.html $uri/index.html =404\`), \`gzip_static on\`, \`sendfile on\`, \`open_file_cache\`, the same security and cache headers as \`quire serve\`, and no access log; \`quire serve\` runs with \`QUIRE_LOG_LEVEL=warn\`, so neither logs each request. Before measuring, the benchmark checks that both give byte-identical bodies for every path measured, plain and gzip-compressed. autocannon loads them from the benchmark's own process with ${result.connections} keep-alive connections, each sending its next request as soon as the previous answer arrives; runs alternate between the servers (quire, nginx, quire, nginx…) after a warm-up, so a noisy shared machine affects both alike. Figures are medians over the rounds; the ratio is the median of each round's quire/nginx pair. Server CPU per request is the CPU time of the server's processes (nginx: master and worker) over the answers it gave. On these ${os.cpus().length} cores the load generator needs about a core itself and neither server keeps a core busy, so requests per second are bounded by the load generator and the machine as much as by the server: CPU time per request is the better measure of each server's own cost (it too grows when answers are fewer, as each wake-up serves fewer of them).

${goals}
- Where \`quire serve\`'s time goes: a CPU profile of it under this load (\`BENCH_SERVE_CPU_PROF=folder\`) puts its own code at a few percent of its CPU time. After the first request for a path, the answer comes from memory (the resolved file, its precomputed headers and its bytes, kept for the version, which never changes), so the rest is Node's HTTP server: parsing the request, writing the headers, and the socket write itself.

${tables}`;
}

if (import.meta.main) {
  const result = await runServeBenchmark((message) => process.stderr.write(`${message}\n`));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
