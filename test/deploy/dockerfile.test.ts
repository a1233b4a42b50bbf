// deploy/Dockerfile, checked where there is no container engine: its instructions are read and
// held to what the chart and the rest of Quire expect, and its runtime stage is reproduced on
// this machine (the files it copies, the production dependencies its build stage installs)
// and run as the image runs: an unprivileged user, nothing writable but the data dir and the
// scratch dir, the chart's values file, the default command.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { Chart } from "./go-template.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCKERFILE = readFileSync(path.join(ROOT, "deploy/Dockerfile"), "utf8");
const CHART_DIR = path.join(ROOT, "deploy/helm/quire");
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
const LOCK = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));
/** The unprivileged user of the run: any uid but root's must do (Kubernetes may pick one). */
const NOBODY = 65534;
/** Install scripts that only report the install to a vendor: the image skips them on purpose. */
const TELEMETRY_ONLY_SCRIPTS = ["@scarf/scarf"];

interface Instruction {
  keyword: string;
  /** The text after the keyword, flags included. */
  text: string;
  /** `--from=build` and the like. */
  flags: Record<string, string>;
  /** The arguments after the flags: the JSON array's items, or the words. */
  args: string[];
  json: boolean;
  line: number;
}

interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** Reads a Dockerfile: comments dropped, continued lines joined, one stage per FROM. */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const start = index;
    let line = lines[index] as string;
    if (/^\s*(#|$)/.test(line)) continue;
    while (/\\\s*$/.test(line) && index + 1 < lines.length) {
      const next = lines[++index] as string;
      if (/^\s*#/.test(next)) continue;
      line = `${line.replace(/\\\s*$/, "")} ${next.trim()}`;
    }
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile:${start + 1}: cannot read "${line}"`);
    const keyword = (match[1] as string).toUpperCase();
    let rest = (match[2] as string).trim();
    const text = rest;
    const flags: Record<string, string> = {};
    for (
      let flag = /^--([a-z-]+)=(\S+)\s*/.exec(rest);
      flag;
      flag = /^--([a-z-]+)=(\S+)\s*/.exec(rest)
    ) {
      flags[flag[1] as string] = flag[2] as string;
      rest = rest.slice(flag[0].length);
    }
    const json = rest.startsWith("[");
    const args = json ? (JSON.parse(rest) as string[]) : rest.split(/\s+/).filter(Boolean);
    const instruction = { keyword, text, flags, args, json, line: start + 1 };
    if (keyword === "FROM") {
      const [image, as, name] = args;
      if (as !== undefined && as.toUpperCase() !== "AS") throw new Error(`FROM ${text}`);
      stages.push({ image: image as string, name, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`Dockerfile:${start + 1}: ${keyword} before FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = parseDockerfile(DOCKERFILE);
const runtime = stages.at(-1) as Stage;
const build = stages[0] as Stage;
const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);
const last = (stage: Stage, keyword: string) => all(stage, keyword).at(-1);
/** The shell commands of a stage's RUN instructions, split at `&&` and `;`. */
const commands = (stage: Stage) =>
  all(stage, "RUN").flatMap((run) => run.args.join(" ").split(/\s*(?:&&|;)\s*/));
const workdir = (stage: Stage) => last(stage, "WORKDIR")?.args[0] ?? "/";
const runtimeUser = () => {
  const user = last(runtime, "USER")?.args[0] ?? "root";
  const match = /^(\d+)(?::(\d+))?$/.exec(user);
  return match ? { uid: Number(match[1]), gid: Number(match[2] ?? match[1]) } : undefined;
};
/** The default command as a flag map: `quire serve --values F ...`. */
const defaultCommand = () => {
  const cmd = last(runtime, "CMD") as Instruction;
  const flag = (name: string) => cmd.args[cmd.args.indexOf(name) + 1];
  return { cmd, flag };
};

/** `.dockerignore` as Docker reads it: patterns relative to the context, no exceptions here. */
function dockerIgnored(relative: string): string | undefined {
  const patterns = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  if (patterns.some((pattern) => pattern.startsWith("!")))
    throw new Error("the test reads no ! exceptions in .dockerignore");
  // A pattern that matches a folder leaves out everything in it.
  const parts = relative.split("/");
  for (const pattern of patterns)
    for (let depth = 1; depth <= parts.length; depth++)
      if (path.matchesGlob(parts.slice(0, depth).join("/"), pattern.replace(/^\/|\/$/g, "")))
        return pattern;
  return undefined;
}

describe("deploy/Dockerfile", () => {
  it("builds in stages on node:24-slim and installs production dependencies only, as locked", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.image).toBe("node:24-slim");
    expect(build.name, "the build stage has a name to copy from").toBeTruthy();

    const install = commands(build).filter((command) => /\bnpm\s+(ci|install|i)\b/.test(command));
    expect(install, "one npm ci in the build stage").toHaveLength(1);
    expect(install[0]).toMatch(/^npm ci\b/);
    expect(install[0]).toMatch(/\s--omit=dev\b/);
    // npm ci needs the lockfile, copied before it runs.
    const copied = all(build, "COPY").flatMap((copy) => copy.args.slice(0, -1));
    expect(copied).toEqual(expect.arrayContaining(["package.json", "package-lock.json"]));

    // Nothing is installed in the runtime stage: its node_modules is the build stage's.
    for (const command of commands(runtime)) expect(command).not.toMatch(/\b(npm|npx|yarn|pnpm)\b/);
    const modules = all(runtime, "COPY").find((copy) => copy.args[0]?.endsWith("/node_modules"));
    expect(modules?.flags.from).toBe(build.name);
    expect(modules?.args[0]).toBe(`${workdir(build)}/node_modules`);
  });

  it("skips the `node` package's Node download and runs every other install script it needs", () => {
    const npmCi = commands(build).find((command) => command.startsWith("npm ci")) as string;
    const removed = commands(build)
      .filter((command) => command.startsWith("rm "))
      .flatMap((command) => command.split(/\s+/).slice(1))
      .filter((word) => !word.startsWith("-"));
    if (PACKAGE.dependencies.node) {
      // Its preinstall script downloads a second Node 24; the base image is Node 24 already.
      expect(npmCi).toMatch(/\s--ignore-scripts\b/);
      expect(removed).toContain("node_modules/node");
      expect(LOCK.packages["node_modules/node"].hasInstallScript).toBe(true);
    }
    // Skipping scripts must not skip one a production dependency needs: each is rebuilt.
    const rebuilt = commands(build)
      .filter((command) => command.startsWith("npm rebuild "))
      .flatMap((command) => command.split(/\s+/).slice(2));
    const needScripts = Object.entries(LOCK.packages as Record<string, Record<string, unknown>>)
      .filter(([key, info]) => key && info.hasInstallScript && !info.dev && !info.optional)
      .map(([key]) => key.replace(/^.*node_modules\//, ""))
      .filter((name) => !removed.includes(`node_modules/${name}`))
      .filter((name) => !TELEMETRY_ONLY_SCRIPTS.includes(name));
    if (/\s--ignore-scripts\b/.test(npmCi)) expect(rebuilt.sort()).toEqual(needScripts.sort());
  });

  it("runs as a numeric non-root user, the chart's, who owns /data and nothing of the app", () => {
    const user = runtimeUser();
    expect(user, `USER ${last(runtime, "USER")?.args[0]} is numeric`).toBeDefined();
    expect(user?.uid).toBeGreaterThan(0);
    // Files copied into the image stay root's: the app cannot change its own code.
    for (const copy of all(runtime, "COPY")) expect(copy.flags.chown).toBeUndefined();
    expect(commands(runtime)).toContain(`chown ${user?.uid}:${user?.gid} /data`);
    expect(last(runtime, "VOLUME")?.args).toEqual(["/data"]);
    const values = parseYaml(readFileSync(path.join(CHART_DIR, "values.yaml"), "utf8"));
    expect(values.securityContext.runAsUser).toBe(user?.uid);
    expect(values.securityContext.runAsGroup).toBe(user?.gid);
    expect(values.podSecurityContext.runAsUser).toBe(user?.uid);
    expect(values.podSecurityContext.fsGroup).toBe(user?.gid);
  });

  it("starts quire serve on the values file, data dir and port the chart gives it", () => {
    const { cmd, flag } = defaultCommand();
    expect(cmd.json, "CMD in exec form: signals reach Quire").toBe(true);
    expect(cmd.args.slice(0, 2)).toEqual(["quire", "serve"]);
    expect(flag("--values")).toBe("/etc/quire/values.yaml");
    expect(flag("--data-dir")).toBe("/data");
    expect(flag("--host")).toBe("0.0.0.0");
    expect(last(runtime, "EXPOSE")?.args).toEqual([flag("--port")]);

    const chart = new Chart(CHART_DIR);
    const rendered = chart.render({
      staticExport: { enabled: true, bundleUrl: "https://quire.example.com/b.tar.gz" },
    });
    const deployment = parseYaml(rendered.get("deployment.yaml") as string);
    const container = deployment.spec.template.spec.containers[0];
    const chartFlag = (name: string) => container.args[container.args.indexOf(name) + 1];
    expect(container.args.slice(0, 2)).toEqual(cmd.args.slice(0, 2));
    for (const name of ["--values", "--data-dir", "--port", "--host"])
      expect(chartFlag(name), name).toBe(flag(name));

    // `quire` on PATH is bin/quire.js, run by the image's Node.
    expect(PACKAGE.bin.quire).toBe("bin/quire.js");
    expect(commands(runtime)).toContain(
      `ln -s ${workdir(runtime)}/${PACKAGE.bin.quire} /usr/local/bin/quire`,
    );
    const script = path.join(ROOT, PACKAGE.bin.quire);
    expect(readFileSync(script, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    expect(statSync(script).mode & 0o111, "bin/quire.js is executable").not.toBe(0);
    const mode = execFileSync("git", ["ls-files", "-s", PACKAGE.bin.quire], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(mode.startsWith("100755 "), "executable in git, so in a fresh checkout").toBe(true);
  });

  it("gets from the build context, through .dockerignore, what it copies and nothing else", () => {
    const sources = stages.flatMap((stage) =>
      all(stage, "COPY")
        .filter((copy) => !copy.flags.from)
        .flatMap((copy) => copy.args.slice(0, -1)),
    );
    expect([...new Set(sources)].sort()).toEqual([
      "bin",
      "client",
      "package-lock.json",
      "package.json",
      "src",
    ]);
    const tracked = execFileSync("git", ["ls-files", "--", ...sources], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    const lost = tracked
      .map((file) => ({ file, pattern: dockerIgnored(file) }))
      .filter(({ pattern }) => pattern);
    expect(lost, "files the image needs that .dockerignore leaves out").toEqual([]);
    for (const kept of [
      "node_modules/yaml/package.json",
      "client/node_modules/x",
      ".git/HEAD",
      ".quire/quire.db",
      ".quire-serve/versions/state.json",
      "site.tar.gz",
      "test/deploy/dockerfile.test.ts",
      "bench/vitepress/package.json",
      ".scratch/readme-1/x",
      ".env",
    ])
      expect(dockerIgnored(kept), `${kept} stays out of the build context`).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The runtime stage, reproduced and run.

/** Everything made for the run, under one folder: the image's filesystem, in miniature. */
let image: {
  root: string;
  app: string;
  bin: string;
  home: string;
  env: NodeJS.ProcessEnv;
};
const children: ChildProcess[] = [];
const servers: Server[] = [];
const made: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/** Copies a tree by hard links (a copy that costs nothing), leaving out nested node_modules. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}

/**
 * The runtime stage on this machine: WORKDIR with the context's COPY sources, the build stage's
 * node_modules (every production package of the lockfile, less what the build stage removes;
 * the dev ones are absent, as `npm ci --omit=dev` leaves them), `quire` on PATH as the image
 * links it, and Node 24 (the base image's) beside it. All of it root's and read-only to others.
 */
function reproduceRuntimeStage(): typeof image {
  const root = mkdtempSync(path.join(os.tmpdir(), "quire-image-"));
  made.push(root);
  chmodSync(root, 0o755);
  const app = path.join(root, workdir(runtime).replace(/^\//, ""));
  mkdirSync(app, { recursive: true });
  const removed = new Set(
    commands(build)
      .filter((command) => command.startsWith("rm "))
      .flatMap((command) => command.split(/\s+/).slice(1))
      .filter((word) => !word.startsWith("-")),
  );
  for (const copy of all(runtime, "COPY")) {
    const [source, destination] = copy.args as [string, string];
    // As in Docker, a destination ending in / (or `.`) is a folder to copy into.
    const target =
      destination.endsWith("/") || destination === "."
        ? path.join(path.resolve(app, destination), path.basename(source))
        : path.resolve(app, destination);
    if (copy.flags.from === build.name && source === `${workdir(build)}/node_modules`) {
      for (const [key, info] of Object.entries(
        LOCK.packages as Record<string, { dev?: boolean }>,
      )) {
        if (
          !key ||
          info.dev ||
          [...removed].some((gone) => key === gone || key.startsWith(`${gone}/`))
        )
          continue;
        // Optional packages for other platforms are in the lockfile but not installed.
        if (!existsSync(path.join(ROOT, key))) continue;
        linkTree(path.join(ROOT, key), path.join(target, key.replace(/^node_modules\/?/, "")));
      }
    } else {
      expect(copy.flags.from, `COPY ${copy.text}`).toBeUndefined();
      cpSync(path.join(ROOT, source), target, { recursive: true });
    }
  }
  const bin = path.join(root, "usr/local/bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(process.execPath, path.join(bin, "node"));
  symlinkSync(path.join(app, PACKAGE.bin.quire), path.join(bin, "quire"));
  const home = path.join(root, "home/node");
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: `${bin}:/usr/bin:/bin`, HOME: home, LANG: "C.UTF-8" };
  for (const instruction of all(runtime, "ENV")) {
    const [name, value] = instruction.args.join(" ").split("=") as [string, string];
    env[name] = value;
  }
  return { root, app, bin, home, env };
}

/** A folder only the unprivileged user may write, like a volume with fsGroup. */
function writableVolume(name: string): string {
  const folder = path.join(image.root, name);
  mkdirSync(folder, { recursive: true });
  chownSync(folder, NOBODY, NOBODY);
  chmodSync(folder, 0o700);
  return folder;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A presigned-looking link on 127.0.0.1 that serves `file`. */
async function bundleLink(file: string): Promise<string> {
  const server = createServer((request, response) => {
    if (!request.url?.startsWith("/downloads/site.tar.gz?"))
      return void response.writeHead(404).end();
    const body = readFileSync(file);
    response.writeHead(200, { "content-length": body.length }).end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return `http://127.0.0.1:${port}/downloads/site.tar.gz?expires=1900000000&signature=abc`;
}

/** Runs a command of the image as the unprivileged user, in WORKDIR, with the image's env. */
function runAsNobody(args: string[], extraEnv: NodeJS.ProcessEnv) {
  const child = spawn(
    "setpriv",
    [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--", ...args],
    { cwd: image.app, env: { ...image.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exit, output: () => output };
}

async function waitReady(url: string, exit: Promise<unknown>, output: () => string) {
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`it stopped before it was ready:\n${output()}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready in time:\n${output()}`);
}

/** Every file and folder under `folder`, with its owner, size and time. */
function snapshot(folder: string): string[] {
  const entries: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const info = lstatSync(full);
      entries.push(`${path.relative(folder, full)} ${info.uid} ${info.size} ${info.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(folder);
  return entries.sort();
}

/** Files the unprivileged user made since `since` in the places anyone may write, but ours. */
function strayFiles(marker: string): string[] {
  const places = ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"].filter((place) => existsSync(place));
  // Other tests make and remove their own temporary folders meanwhile: find then reports a
  // folder gone under its feet and exits 1, which says nothing about this user's files.
  const found = spawnSync(
    "find",
    [
      ...places,
      "-xdev",
      "-path",
      `${image.root}`,
      "-prune",
      "-o",
      "-user",
      String(NOBODY),
      "-newer",
      marker,
      "-print",
    ],
    { encoding: "utf8" },
  );
  const unexpected = found.stderr
    .split("\n")
    .filter((line) => line && !/No such file or directory/.test(line));
  if (found.error || unexpected.length > 0)
    throw new Error(`find failed: ${found.error?.message ?? unexpected.join("; ")}`);
  return found.stdout.split("\n").filter(Boolean);
}

describe("the image's runtime stage, reproduced here", () => {
  let bundle: string;
  beforeAll(() => {
    if (process.getuid?.() !== 0)
      throw new Error("these tests run as root, to hand the files to root and run as another user");
    image = reproduceRuntimeStage();
    const folder = mkdtempSync(path.join(os.tmpdir(), "quire-image-bundle-"));
    made.push(folder);
    bundle = path.join(folder, "site.tar.gz");
    execFileSync(
      process.execPath,
      [path.join(ROOT, "bin/quire.js"), "export", "examples/docs", "-o", bundle, "--quiet"],
      { cwd: ROOT, stdio: "ignore", env: { ...process.env, XDG_CACHE_HOME: folder } },
    );
  }, 90_000);

  it("has no dev dependency, no second Node, and code only root may change", () => {
    const modules = path.join(image.app, "node_modules");
    // What --omit=dev leaves out (a dev dependency that a production one also needs stays), so
    // the runs below fail if Quire imports a dev-only package at run time.
    const devOnly = Object.keys(PACKAGE.devDependencies).filter(
      (name) => LOCK.packages[`node_modules/${name}`]?.dev,
    );
    expect(devOnly).toEqual(expect.arrayContaining(["vitest"]));
    // TypeScript 7 is a production peer of the twoslash packages only, removed from the image.
    expect(existsSync(path.join(modules, "typescript")), "typescript is removed").toBe(false);
    for (const name of devOnly)
      expect(existsSync(path.join(modules, name)), `${name} (dev) is not installed`).toBe(false);
    expect(existsSync(path.join(modules, "node"))).toBe(false);
    for (const name of Object.keys(PACKAGE.dependencies).filter((name) => name !== "node"))
      expect(existsSync(path.join(modules, name)), `${name} is installed`).toBe(true);
    for (const folder of [image.app, path.join(image.app, "src"), modules, image.home]) {
      const info = statSync(folder);
      expect(info.uid).toBe(0);
      expect(info.mode & 0o002, `${folder} is not writable by others`).toBe(0);
    }
  });

  it("serves a bundle from the chart's values file as an unprivileged user, writing only in /data", async () => {
    const data = writableVolume("data");
    const tmp = writableVolume("tmp");
    // The values file as the chart's ConfigMap holds it, where the chart mounts it.
    const link = await bundleLink(bundle);
    const rendered = new Chart(CHART_DIR).render({
      staticExport: { enabled: true, bundleUrl: link },
    });
    const configMap = parseYaml(rendered.get("configmap.yaml") as string);
    const { cmd, flag } = defaultCommand();
    const valuesPath = flag("--values") as string;
    const config = path.join(image.root, path.posix.dirname(valuesPath));
    mkdirSync(config, { recursive: true });
    writeFileSync(
      path.join(config, path.posix.basename(valuesPath)),
      configMap.data["values.yaml"],
    );

    // The default command, with the mounts mapped into this folder and a free port.
    const port = await freePort();
    const mounts: Record<string, string> = {
      [path.posix.dirname(valuesPath)]: config,
      "/data": data,
    };
    const args = cmd.args.map((arg, index) => {
      if (cmd.args[index - 1] === "--port") return String(port);
      const mount = Object.keys(mounts).find(
        (prefix) => arg === prefix || arg.startsWith(`${prefix}/`),
      );
      return mount ? (mounts[mount] as string) + arg.slice(mount.length) : arg;
    });
    const marker = path.join(image.root, "started");
    writeFileSync(marker, "");
    const appBefore = snapshot(image.app);
    const homeBefore = snapshot(image.home);

    const serve = runAsNobody(args, { TMPDIR: tmp });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`, serve.exit, serve.output);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html[\s>][\s\S]*Lumen/);
    const page = await fetch(`${base}/quickstart`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);

    serve.child.kill("SIGTERM");
    expect(await serve.exit, serve.output()).toBe(0);

    // Written: the data dir, by that user. Not written: the app, HOME, the scratch dir, /tmp.
    const written = snapshot(data);
    expect(
      written.some((entry) => /^versions\/[^/]+\/site\/index\.html /.test(entry)),
      written.join("\n"),
    ).toBe(true);
    for (const entry of written) expect(entry.split(" ")[1], entry).toBe(String(NOBODY));
    expect(snapshot(image.app)).toEqual(appBefore);
    expect(snapshot(image.home)).toEqual(homeBefore);
    expect(readdirSync(tmp)).toEqual([]);
    expect(strayFiles(marker)).toEqual([]);
  });

  it("runs quire api too, by overriding the command, writing only in /data and /tmp", async () => {
    const data = writableVolume("api-data");
    const tmp = writableVolume("api-tmp");
    const port = await freePort();
    const marker = path.join(image.root, "api-started");
    writeFileSync(marker, "");
    const homeBefore = snapshot(image.home);
    const api = runAsNobody(
      [
        "quire",
        "api",
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--data-dir",
        data,
        "--log-level",
        "warn",
      ],
      { TMPDIR: tmp },
    );
    await waitReady(`http://127.0.0.1:${port}/readyz`, api.exit, api.output);
    const openapi = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(openapi.status).toBe(200);
    api.child.kill("SIGTERM");
    expect(await api.exit, api.output()).toBe(0);
    expect(readdirSync(data)).toEqual(expect.arrayContaining(["quire.db", "secret.key"]));
    expect(snapshot(image.home)).toEqual(homeBefore);
    expect(strayFiles(marker)).toEqual([]);
    // The signing key stays the user's own.
    expect(statSync(path.join(data, "secret.key")).mode & 0o077).toBe(0);
  });
});
