import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");
const children: ChildProcess[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A link that serves the bundle, or answers 403 like an expired presigned link. */
async function bundleLink(file: string, options: { expired?: boolean } = {}): Promise<string> {
  const server = createServer((_request, response) => {
    if (options.expired)
      return void response
        .writeHead(403, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "this link has expired" }));
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/bundle.tar.gz?signature=x`;
}

function values(url: string, version?: string, sha256?: string): string {
  const file = path.join(makeTempDir(), "values.yaml");
  writeFileSync(
    file,
    `image:\n  tag: latest\nstaticExport:\n  enabled: true\n  bundleUrl: "${url}"\n${version ? `  version: "${version}"\n` : ""}${sha256 ? `  sha256: "${sha256}"\n` : ""}`,
  );
  return file;
}

interface Running {
  child: ChildProcess;
  url: Promise<string>;
  output: () => string;
  exit: Promise<number | null>;
}

function serve(valuesFile: string, dataDir: string, extra: string[] = []): Running {
  const child = spawn(
    process.execPath,
    [
      BIN,
      "serve",
      "--values",
      valuesFile,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--data-dir",
      dataDir,
      ...extra,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, QUIRE_LOG_LEVEL: "warn" } },
  );
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr?.on("data", (chunk) => {
      output += chunk;
      const match = /Quire serve listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    void exit.then(() => reject(new Error(`quire serve exited: ${output}`)));
  });
  // Tests of a failed start never wait for the address: its rejection is expected there.
  url.catch(() => {});
  return { child, url, output: () => output, exit };
}

async function waitReady(base: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("never ready");
}

// Built once for the file, in a folder of its own (makeTempDir's folders go after each test).
const bundleFolder = mkdtempSync(path.join(os.tmpdir(), "quire-serve-bundle-"));
const bundle = path.join(bundleFolder, "site.tar.gz");
afterAll(() => rmSync(bundleFolder, { recursive: true, force: true }));
let built = false;
function ensureBundle(): void {
  if (built) return;
  execFileSync(
    process.execPath,
    [BIN, "export", "examples/docs", "-o", bundle, "--quiet", "--no-cache"],
    { stdio: "ignore" },
  );
  built = true;
}

describe("quire serve", () => {
  it("downloads the bundle of the values file, unpacks it and serves the site", async () => {
    ensureBundle();
    const running = serve(values(await bundleLink(bundle)), makeTempDir());
    const base = await running.url;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await waitReady(base);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await home.text()).toContain("<html");
    const page = await fetch(`${base}/quickstart`, { headers: { "accept-encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const etag = page.headers.get("etag") as string;
    expect((await fetch(`${base}/quickstart`, { headers: { "if-none-match": etag } })).status).toBe(
      304,
    );
    const missing = await fetch(`${base}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<html");
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
  });

  it("exits 1 with a message to regenerate the link when the link has expired and nothing was served before", async () => {
    ensureBundle();
    const running = serve(values(await bundleLink(bundle, { expired: true })), makeTempDir());
    expect(await running.exit).toBe(1);
    expect(running.output()).toMatch(
      /answered 403 \(the link has expired or was altered.*generate a new link/,
    );
    expect(running.output()).toMatch(/no version to serve/);
  });

  it("keeps serving the last good version when the new link has expired, and serves a pinned version with the network gone", async () => {
    ensureBundle();
    const dataDir = makeTempDir();
    const first = serve(values(await bundleLink(bundle), "v1"), dataDir);
    await waitReady(await first.url);
    first.child.kill("SIGTERM");
    await first.exit;

    const expired = serve(values(await bundleLink(bundle, { expired: true }), "v2"), dataDir);
    const base = await expired.url;
    await waitReady(base);
    expect((await (await fetch(`${base}/readyz`)).json()).version).toBe("v1");
    expect(expired.output()).toMatch(/still serving the last good version, v1/);
    expired.child.kill("SIGTERM");
    await expired.exit;

    // The pin is unpacked: no download at all, even from a link that answers nothing.
    const offline = serve(values("http://127.0.0.1:9/gone.tar.gz", "v1"), dataDir);
    const offlineBase = await offline.url;
    await waitReady(offlineBase);
    expect((await fetch(`${offlineBase}/`)).status).toBe(200);
  });

  it("serves a bundle whose SHA-256 is the one staticExport.sha256 pins, and refuses any other, keeping the last good version", async () => {
    ensureBundle();
    const digest = createHash("sha256").update(readFileSync(bundle)).digest("hex");
    const dataDir = makeTempDir();
    const first = serve(values(await bundleLink(bundle), "v1", digest), dataDir);
    await waitReady(await first.url);
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);

    // The link now gives another archive than the one pinned (a tampered or mixed-up link).
    const other = path.join(makeTempDir(), "other.tar.gz");
    writeFileSync(other, Buffer.concat([readFileSync(bundle), Buffer.alloc(1024)]));
    const otherDigest = createHash("sha256").update(readFileSync(other)).digest("hex");
    const rollout = serve(values(await bundleLink(other), "v2", digest), dataDir);
    const base = await rollout.url;
    for (let wait = 0; wait < 200 && !/still serving/.test(rollout.output()); wait++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = rollout.output().split("\n");
    expect(lines).toContain(
      `quire serve: the downloaded bundle's SHA-256 is ${otherDigest}, not ${digest} as staticExport.sha256 says: refused, nothing of it unpacked (bundleUrl and sha256 must come from the same bundle call)`,
    );
    expect(lines).toContain("quire serve: still serving the last good version, v1");
    expect(rollout.output()).not.toMatch(/\n\s+at /);
    expect((await (await fetch(`${base}/readyz`)).json()).version).toBe("v1");
    expect((await fetch(`${base}/`)).status).toBe(200);
    // Nothing of it was unpacked or kept.
    expect(readdirSync(path.join(dataDir, "versions"))).toEqual(["v1"]);
    expect(readdirSync(path.join(dataDir, "downloads"))).toEqual([]);
  });

  it("exits 1 when the only bundle it could serve has another SHA-256 than the pinned one", async () => {
    ensureBundle();
    const dataDir = makeTempDir();
    const running = serve(values(await bundleLink(bundle), undefined, "0".repeat(64)), dataDir);
    expect(await running.exit).toBe(1);
    expect(running.output()).toMatch(
      /quire serve: the downloaded bundle's SHA-256 is [0-9a-f]{64}, not 0{64} as staticExport\.sha256 says: refused/,
    );
    expect(running.output()).toMatch(/no version to serve/);
    expect(readdirSync(path.join(dataDir, "versions"))).toEqual([]);
  });

  it("refuses a values file with a wrong type, naming the key, with exit code 2", async () => {
    const file = path.join(makeTempDir(), "values.yaml");
    writeFileSync(file, "staticExport:\n  enabled: yes-please\n");
    const running = serve(file, makeTempDir());
    expect(await running.exit).toBe(2);
    expect(running.output()).toMatch(
      /values\.yaml:2:\d+: staticExport\.enabled must be true or false/,
    );
  });

  it("refuses a wrong QUIRE_LOG_LEVEL, QUIRE_SERVE_PORT, QUIRE_SERVE_KEEP, assistant limit or model setting in one line naming the variable, with exit code 2", async () => {
    const file = values("http://127.0.0.1:9/bundle.tar.gz");
    const cases: [Record<string, string>, string][] = [
      [
        { QUIRE_LOG_LEVEL: "loud" },
        'quire: QUIRE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
      ],
      [
        { QUIRE_SERVE_PORT: "http" },
        'quire: QUIRE_SERVE_PORT must be a whole number from 0 to 65535, not "http"',
      ],
      [
        { QUIRE_SERVE_KEEP: "0" },
        'quire: QUIRE_SERVE_KEEP must be a whole number from 1 to 100, not "0"',
      ],
      [
        { QUIRE_ASSISTANT_PER_MINUTE: "0" },
        'quire: QUIRE_ASSISTANT_PER_MINUTE must be a whole number from 1 to 10000, not "0"',
      ],
      // Half a model for the readers' assistant is a mistake, not "no assistant".
      [
        { QUIRE_AGENT_PROVIDER: "openai-compatible", QUIRE_AGENT_MODEL: "docs-model" },
        "quire: QUIRE_AGENT_BASE_URL is not set: an openai-compatible provider needs the model server's address",
      ],
    ];
    for (const [environment, line] of cases) {
      const { exit, stderr } = await runQuire(["serve", "--values", file], environment);
      expect(exit, line).toBe(2);
      expect(stderr).toBe(`${line}\n`);
    }
  });

  it("listens where QUIRE_SERVE_PORT and QUIRE_SERVE_DATA_DIR say, on 127.0.0.1 unless told otherwise", async () => {
    ensureBundle();
    const dataDir = makeTempDir();
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [BIN, "serve", "--values", values(await bundleLink(bundle))],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...withoutQuireSettings(),
          QUIRE_SERVE_PORT: String(port),
          QUIRE_SERVE_DATA_DIR: dataDir,
          QUIRE_LOG_LEVEL: "warn",
        },
      },
    );
    children.push(child);
    let output = "";
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(base);
    expect(output).toContain(`Quire serve listening on ${base} (data: ${dataDir})`);
    expect(readdirSync(path.join(dataDir, "versions")).length).toBe(1);
    child.kill("SIGTERM");
  });
});

/** The environment of this process without any QUIRE_* setting of the machine running the tests. */
function withoutQuireSettings(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("QUIRE_")) environment[name] = value;
  return environment;
}

/** Runs `quire` to its end with these environment variables. */
function runQuire(
  args: string[],
  environment: Record<string, string>,
): Promise<{ exit: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...withoutQuireSettings(), ...environment },
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (exit) => resolve({ exit, stderr })));
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}
