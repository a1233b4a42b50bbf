// Quire as a user installs it into a documentation repository: the tarball `npm pack` makes
// (its `prepack` builds dist/), installed into a folder outside this repository, and run there
// from a user's shell, whose `node` is the machine's own (Node 20 here: the executable then
// runs itself again under the Node 24 it brings).
//
// `npm test` lays the tarball out as npm would, with the dependencies linked from this
// repository (installLinked: seconds). `npm run test:install` runs the same tests after a
// real `npm install` of the tarball, which takes a minute or more: npm unpacks some 600
// packages and a second Node binary.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { list as listTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  installLinked,
  machineNode,
  makeOutsideFolder,
  makeProject,
  npmInstall,
  packPackage,
  REPOSITORY,
  removeOutsideFolders,
  runProgram,
  typeCheck,
  userEnvironment,
} from "../helpers/packed-package.ts";

const WITH_NPM = Boolean(process.env.QUIRE_TEST_NPM_INSTALL);
const MANIFEST = JSON.parse(readFileSync(path.join(REPOSITORY, "package.json"), "utf8")) as {
  version: string;
};
const NODE = machineNode();

/** A small docs repository: code, math, a repository component (the islands runtime) and a link. */
const DOCS: Record<string, string> = {
  "docs.json": JSON.stringify({
    name: "Tiny",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "guide"] },
  }),
  "index.mdx": [
    "---",
    "title: Home",
    "---",
    "",
    "import { Counter } from '/snippets/counter.jsx';",
    "",
    "Welcome. See [the guide](/guide). $e^{i\\pi} + 1 = 0$",
    "",
    "<Counter start={2} />",
    "",
  ].join("\n"),
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\n```ts\nconst answer: number = 42;\n```\n",
  "snippets/counter.jsx": [
    "export const Counter = ({ start }) => {",
    "  const [count, setCount] = useState(start);",
    "  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;",
    "};",
    "",
  ].join("\n"),
};

let tarball: string;
let project: string;
let installLog = "";
/** `node_modules/.bin/quire` of the project, started directly: its shebang finds the machine's node. */
let quire: string;

afterAll(removeOutsideFolders);

beforeAll(async () => {
  tarball = packPackage(REPOSITORY, makeOutsideFolder("quire-pack-"));
  project = makeProject("quire-installed-");
  for (const [file, content] of Object.entries(DOCS)) {
    mkdirSync(path.dirname(path.join(project, "docs", file)), { recursive: true });
    writeFileSync(path.join(project, "docs", file), content);
  }
  if (WITH_NPM) installLog = npmInstall(project, ["--save-dev", tarball]);
  else await installLinked(project, tarball);
  quire = path.join(project, "node_modules", ".bin", "quire");
}, 600_000);

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runProgram(quire, args, { cwd: project, env: userEnvironment(env), timeoutMs: 120_000 });

async function tarballEntries(file: string): Promise<string[]> {
  const entries: string[] = [];
  await listTar({ file, onReadEntry: (entry) => entries.push(entry.path.replace(/^\.\//, "")) });
  return entries;
}

describe(`the packed quire package, installed ${WITH_NPM ? "by npm" : "with linked dependencies"} and run by the machine's Node (${NODE.version})`, () => {
  it("holds the built JavaScript beside the sources, and no test, tool or example", async () => {
    const entries = (await tarballEntries(tarball)).map((entry) => entry.replace(/^package\//, ""));
    for (const file of [
      "bin/quire.js",
      "dist/src/cli/main.js",
      "dist/src/jobs/export-process-child.js",
      "dist/src/exporter/validate-process-child.js",
      "dist/src/exporter/render/worker.js",
      "dist/src/exporter/theme/client/main.ts",
      "dist/src/exporter/theme/styles/00-tokens.css",
      "dist/src/dashboard/assets/dashboard.css",
      "dist/client/src/index.js",
      "dist/types/src/exporter/index.d.ts",
      "docs/cli.md",
      "README.md",
      "LICENSE",
    ])
      expect(entries, file).toContain(file);
    expect(entries.filter((entry) => !/^(bin|dist|docs)\/|^[^/]+$/.test(entry))).toEqual([]);
    // Every file package.json names is there, but the sources a checkout's own tools ask for.
    const manifest = JSON.parse(
      readFileSync(path.join(project, "node_modules", "quire", "package.json"), "utf8"),
    );
    const targets = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === "string"
          ? [target]
          : Object.entries(target as Record<string, string>)
              .filter(([condition]) => condition !== "quire-source")
              .map(([, file]) => file),
      ),
    ] as string[];
    for (const target of targets) expect(entries, target).toContain(target.replace(/^\.\//, ""));
  });

  it.runIf(WITH_NPM)("installs without an engine warning about quire itself", () => {
    expect(installLog).not.toMatch(/package: 'quire@/);
  });

  it("prints its version with --version and -V", async () => {
    for (const flag of ["--version", "-V"]) {
      const result = await run([flag]);
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe(`${MANIFEST.version}\n`);
      expect(result.code).toBe(0);
    }
  });

  it("runs through npx, on the Node 24 npm puts first on the PATH", async () => {
    const result = await runProgram("npx", ["--no", "--", "quire", "--version"], { cwd: project });
    expect(result.stdout.trim()).toBe(MANIFEST.version);
    expect(result.code).toBe(0);
  });

  it("answers --help", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quire \[options\] \[command\]/);
    expect(help.stdout).toContain("-V, --version");
    expect(help.stdout).toMatch(/^ {2}export \[options\] <DOCS_DIR>/m);
  });

  it("passes a failing command's exit code and its one-line message through", async () => {
    const result = await run(["export", "no-such-folder"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('quire: DOCS_DIR "no-such-folder" is not a folder\n');
  });

  it("checks the docs folder, strictly, as a CI step would", async () => {
    const result = await run(["check", "docs", "--strict", "--format", "github"], {
      XDG_CACHE_HOME: path.join(project, ".cache"),
    });
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toContain("::");
    expect(result.code).toBe(0);
  });

  it("exports the docs folder to a bundle, rendering pages on a worker thread", async () => {
    const result = await run(["export", "docs", "-o", "site.tar.gz", "--concurrency", "2"], {
      XDG_CACHE_HOME: path.join(project, ".cache"),
    });
    expect(result.stderr, result.stdout).toMatch(/Exported 2 pages, 0 warnings/);
    expect(result.code).toBe(0);
    const names = await tarballEntries(path.join(project, "site.tar.gz"));
    for (const file of ["index.html", "guide.html", "quire-export.json"])
      expect(names).toContain(file);
    // The theme's stylesheet and script, KaTeX's stylesheet and the components' runtime: each
    // built at export time from files the package ships.
    for (const asset of [
      /^_quire\/quire\.[0-9a-f]+\.css$/,
      /^_quire\/quire\.[0-9a-f]+\.js$/,
      /^_quire\/katex-[0-9a-f]+\/katex\.min\.css$/,
      /^_quire\/islands\.[0-9a-f]+\.js$/,
    ])
      expect(
        names.some((name) => asset.test(name)),
        String(asset),
      ).toBe(true);
  });

  it("runs the admin API: a job exported on its worker thread, then SIGTERM stops it", async () => {
    const dataDir = path.join(project, ".quire");
    const admin = async (args: string[]) => {
      const result = await run([...args, "--data-dir", dataDir, "--json"]);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout);
    };
    const { orgId } = await admin(["orgs", "create", "--name", "Acme"]);
    await admin(
      ["projects", "create", "--org", orgId, "--name", "Docs"].concat([
        "--domain",
        "docs.example.com",
        "--repo",
        path.join(project, "docs"),
      ]),
    );
    const { key } = await admin(["keys", "create", "--org", orgId]);

    const server = spawn(quire, ["api", "--port", "0", "--data-dir", dataDir], {
      cwd: project,
      env: userEnvironment({ QUIRE_LOG_LEVEL: "warn" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk;
    };
    server.stdout.on("data", collect);
    server.stderr.on("data", collect);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.on("exit", (code, signal) => resolve({ code, signal })),
    );
    try {
      const url = await poll(() => /listening on (http:\/\/\S+)/.exec(output)?.[1], 30_000);
      const call = async (method: string, pathname: string, body?: unknown) => {
        const response = await fetch(`${url}${pathname}`, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body ? { "content-type": "application/json" } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: await response.json() };
      };
      const started = await call("POST", "/v1/static-export/jobs", {
        domain: "docs.example.com",
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = await poll(async () => {
        const current = await call("GET", `/v1/static-export/jobs/${started.body.jobId}`);
        return ["completed", "failed"].includes(current.body.status) ? current.body : undefined;
      }, 90_000);
      expect(job).toMatchObject({ status: "completed", error: null, pageCount: 2 });
      expect((await fetch(`${url}/dashboard/sign-in`)).status).toBe(200);

      // The signal reaches the server through the executable that started it under Node 24.
      server.kill("SIGTERM");
      expect(await exited, output).toEqual({ code: 0, signal: null });
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      server.kill("SIGKILL");
    }
  }, 150_000);

  it("offers quire/exporter to a TypeScript project, typed, and running on Node 24", async () => {
    writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ["node"],
          typeRoots: [path.join(REPOSITORY, "node_modules", "@types")],
        },
        files: ["check-docs.mts"],
      }),
    );
    writeFileSync(
      path.join(project, "check-docs.mts"),
      [
        'import { formatProblem, type Problem, validateSite } from "quire/exporter";',
        "",
        'const validation = await validateSite({ sourceDir: "docs" });',
        "const problems: Problem[] = validation.findings;",
        "console.log(JSON.stringify({ pages: validation.pageCount, problems: problems.map(formatProblem) }));",
        "// @ts-expect-error: a Problem is no string, which only real types know",
        "const text: string = problems[0];",
        "void text;",
        "",
      ].join("\n"),
    );
    const checked = typeCheck(project);
    expect(checked.code, `${checked.stdout}${checked.stderr}`).toBe(0);

    // The project's own file, outside node_modules, run by the Node 24 Quire brings, as the
    // README says: `npx node` finds it in node_modules/.bin.
    const result = await runProgram("npx", ["--no", "--", "node", "check-docs.mts"], {
      cwd: project,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ pages: 2, problems: [] });
  });
});

/** Polls `read` until it gives a value. */
async function poll<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
