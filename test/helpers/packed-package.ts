import { spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { extract } from "tar";

/**
 * A package as its users get it: packed by `npm pack` (which runs its `prepack` build),
 * installed by npm into a folder outside the repository, and run there in the environment of a
 * user's shell rather than of this test run. No vitest here: the start-up benchmark uses it too.
 */

export const REPOSITORY = path.resolve(import.meta.dirname, "../..");

const outsideFolders: string[] = [];

/**
 * A folder in the system's temporary folder, outside the repository (where nothing can find the
 * repository's node_modules); `removeOutsideFolders` removes it.
 */
export function makeOutsideFolder(prefix: string): string {
  const folder = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  outsideFolders.push(folder);
  if (!path.relative(REPOSITORY, folder).startsWith(".."))
    throw new Error(`${folder} is inside the repository: the package would find its node_modules`);
  return folder;
}

/** Removes every folder `makeOutsideFolder` made: a test file's `afterAll`. */
export function removeOutsideFolders(): void {
  for (const folder of outsideFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/**
 * The environment of a user's shell: this one without the variables `npm test` adds (`npm_*`,
 * `node_modules/.bin` on PATH, whose `node` is the repository's Node 24), without the QUIRE_*
 * settings of the person running the tests, and with `extra` on top.
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|QUIRE_)/i.test(name) && name !== "INIT_CWD") environment[name] = value;
  environment.PATH = userPath();
  return { ...environment, ...extra };
}

function userPath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => !folder.split(/[\\/]/).includes("node_modules"))
    .join(path.delimiter);
}

/** The machine's own `node`: the first on the user's PATH, and its version. */
export function machineNode(): { file: string; version: string; major: number } {
  for (const folder of userPath().split(path.delimiter)) {
    const file = path.join(folder, process.platform === "win32" ? "node.exe" : "node");
    try {
      accessSync(file, constants.X_OK);
    } catch {
      continue;
    }
    const version = spawnSync(file, ["--version"], { encoding: "utf8" }).stdout.trim();
    return { file, version, major: Number(/^v(\d+)/.exec(version)?.[1]) };
  }
  throw new Error("no node on PATH outside node_modules: the tests need the machine's own Node");
}

/** `npm pack` of the package in `folder` (its `prepack` runs first) into `destination`. */
export function packPackage(folder: string, destination: string): string {
  const packed = spawnSync(
    "npm",
    ["pack", "--json", "--pack-destination", destination, "--no-audit", "--no-fund"],
    { cwd: folder, encoding: "utf8", timeout: 120_000 },
  );
  if (packed.status !== 0)
    throw new Error(`npm pack in ${folder} failed:\n${packed.stdout}${packed.stderr}`);
  const [result] = JSON.parse(packed.stdout) as { filename: string }[];
  return path.join(destination, result?.filename as string);
}

/** A project folder with a package.json, as `npm init` leaves one. */
export function makeProject(prefix: string): string {
  const project = makeOutsideFolder(prefix);
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify({ name: "docs-site", version: "1.0.0", private: true }, null, 2)}\n`,
  );
  return project;
}

/**
 * `npm install` of `specs` in `project`, as a user runs it. `--prefer-offline` takes what the
 * repository's own `npm ci` left in npm's cache, so only what is missing there is downloaded.
 */
export function npmInstall(project: string, specs: string[]): string {
  const installed = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", ...specs],
    { cwd: project, env: userEnvironment(), encoding: "utf8", timeout: 300_000 },
  );
  const output = `${installed.stdout}${installed.stderr}`;
  if (installed.status !== 0) throw new Error(`npm install ${specs.join(" ")} failed:\n${output}`);
  return output;
}

/**
 * The packed package laid out in `project/node_modules` as npm would install it, with its
 * dependencies linked from the repository's own `node_modules` instead of downloaded: the
 * production ones only (those package-lock.json does not mark `dev`), so code that imports a
 * devDependency fails here as it would for a user. The tarball is unpacked as it is, so a file
 * missing from `files` is missing here too. Seconds instead of the minute a real `npm install`
 * takes (`npm run test:install` runs that one).
 */
export async function installLinked(project: string, tarball: string): Promise<void> {
  const modules = path.join(project, "node_modules");
  const target = path.join(modules, "quire");
  mkdirSync(target, { recursive: true });
  await extract({ file: tarball, cwd: target, strip: 1 });
  const lock = JSON.parse(readFileSync(path.join(REPOSITORY, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const name of installedNames(lock)) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(path.join(REPOSITORY, "node_modules", name), path.join(modules, name), "junction");
  }
  // Every package's executables in node_modules/.bin, as npm links them (`node` among them).
  mkdirSync(path.join(modules, ".bin"), { recursive: true });
  const linked = new Set<string>();
  for (const name of ["quire", ...installedNames(lock)]) {
    const manifest = JSON.parse(readFileSync(path.join(modules, name, "package.json"), "utf8")) as {
      name: string;
      bin?: string | Record<string, string>;
    };
    const bins =
      typeof manifest.bin === "string"
        ? { [manifest.name.split("/").at(-1) as string]: manifest.bin }
        : (manifest.bin ?? {});
    for (const [command, file] of Object.entries(bins)) {
      if (linked.has(command)) continue;
      linked.add(command);
      if (name === "quire") chmodSync(path.join(target, file), 0o755);
      symlinkSync(path.join("..", name, file), path.join(modules, ".bin", command));
    }
  }
}

/** The top-level packages of the repository's node_modules that the package's users get too. */
function installedNames(lock: { packages: Record<string, { dev?: boolean }> }): string[] {
  const names: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.startsWith("node_modules/") ? key.slice("node_modules/".length) : undefined;
    if (!name || name.includes("/node_modules/") || entry.dev) continue;
    // An optional package of another platform is not installed.
    if (existsSync(path.join(REPOSITORY, "node_modules", name))) names.push(name);
  }
  return names;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end without blocking this process; SIGKILL after `timeoutMs`. */
export function runProgram(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? userEnvironment(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The repository's TypeScript compiler, run on a project's tsconfig.json. */
export function typeCheck(project: string): Run {
  const tsc = path.join(REPOSITORY, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", project], {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
  });
  return {
    code: result.status,
    signal: result.signal,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}
