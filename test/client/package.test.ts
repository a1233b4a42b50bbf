// @quire/client as its users get it: `npm pack` in client/ (its `prepack` builds dist/),
// `npm install` of the tarball into a project outside this repository, a consumer file
// type-checked there with tsc and run by the machine's own Node against a real `quire api`.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { list as listTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, startApi } from "../helpers/api-server.ts";
import {
  machineNode,
  makeOutsideFolder,
  makeProject,
  npmInstall,
  packPackage,
  REPOSITORY,
  removeOutsideFolders,
  runProgram,
  typeCheck,
} from "../helpers/packed-package.ts";
import { testBackendIsPostgres } from "../helpers/postgres.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

const NODE = machineNode();

/** Uses the package the way its README shows, and prints what happened as one JSON line. */
const CONSUMER = `import {
  type AgentJob,
  type ExportSiteProgress,
  QuireApiError,
  QuireClient,
  QuireNotFoundError,
  QuireUnauthorizedError,
} from "@quire/client";

const { QUIRE_URL, QUIRE_API_KEY, QUIRE_PROJECT, QUIRE_DOMAIN } = process.env as Record<string, string>;
const quire = new QuireClient({ baseUrl: QUIRE_URL, apiKey: QUIRE_API_KEY });
const fast = { initialMs: 100, maxMs: 300 };

const phases = new Set<ExportSiteProgress["phase"]>();
const exported = await quire.exportSite(QUIRE_DOMAIN, {
  file: "site.tar.gz",
  interval: fast,
  timeout: 120_000,
  onProgress: (event) => phases.add(event.phase),
});

const job: AgentJob = await quire.agent.create(QUIRE_PROJECT, "Fix the typos");
const ended = await quire.waitForAgentJob(QUIRE_PROJECT, job.id, { interval: fast, timeout: 60_000 });

const refusals: string[] = [];
try {
  await quire.agent.get(QUIRE_PROJECT, "job_that_does_not_exist");
} catch (error) {
  if (error instanceof QuireNotFoundError) refusals.push(\`\${error.status} \${error.kind}\`);
}
try {
  await new QuireClient({ baseUrl: QUIRE_URL, apiKey: "quire_wrong" }).exports.get(exported.job.jobId);
} catch (error) {
  if (error instanceof QuireUnauthorizedError && error instanceof QuireApiError)
    refusals.push(\`\${error.status} \${error.kind}\`);
}

console.log(JSON.stringify({
  export: exported.job.status,
  pages: exported.job.pageCount,
  file: exported.file,
  sha256: exported.bundle.sha256,
  phases: [...phases],
  agent: ended.status,
  refusals,
}));

// @ts-expect-error: a status is a string, which only the package's real types know
const status: number = ended.status;
void status;
`;

let tarball: string;
let project: string;
/** tsc on the consumer, which also writes out/consumer.js. */
let compiled: ReturnType<typeof typeCheck>;

// The package, not the database, is under test: the client's calls run on both backends in
// quire-client.test.ts.
describe.skipIf(testBackendIsPostgres())("the packed @quire/client", () => {
  afterAll(removeOutsideFolders);

  beforeAll(() => {
    tarball = packPackage(path.join(REPOSITORY, "client"), makeOutsideFolder("quire-client-pack-"));
    project = makeProject("quire-client-user-");
    const manifestFile = path.join(project, "package.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, type: "module" }, null, 2));
    npmInstall(project, [tarball]);
    writeFileSync(path.join(project, "consumer.ts"), CONSUMER);
    writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          target: "es2022",
          strict: true,
          skipLibCheck: false,
          outDir: "out",
          types: ["node"],
          typeRoots: [path.join(REPOSITORY, "node_modules", "@types")],
        },
        files: ["consumer.ts"],
      }),
    );
    compiled = typeCheck(project);
  }, 180_000);

  it("holds its README and built files only, none importing anything outside them", async () => {
    const entries: string[] = [];
    await listTar({ file: tarball, onReadEntry: (entry) => entries.push(entry.path) });
    const files = entries.map((entry) => entry.replace(/^package\//, "")).sort();
    expect(files).toContain("README.md");
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files.filter((file) => !/^dist\/[\w-]+\.(js|d\.ts)$/.test(file))).toEqual([
      "README.md",
      "package.json",
    ]);
    const installed = path.join(project, "node_modules", "@quire", "client");
    for (const file of files.filter((name) => name.startsWith("dist/"))) {
      const text = readFileSync(path.join(installed, file), "utf8");
      for (const specifier of moduleSpecifiers(text)) {
        const inside =
          specifier.startsWith("node:") ||
          (/^\.\/[\w-]+\.js$/.test(specifier) && files.includes(`dist/${specifier.slice(2)}`));
        expect(inside, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("type-checks a consumer's code against its declarations, which are real types", () => {
    expect(compiled.code, `${compiled.stdout}${compiled.stderr}`).toBe(0);
  });

  it(`runs the consumer on the machine's Node (${NODE.version}) against a real quire api`, async () => {
    const api = await startApi();
    const tenant = await createTenant(api, {
      repository: makeRepo({
        "docs.json": JSON.stringify({
          name: "Tiny",
          colors: { primary: "#0a7" },
          navigation: { pages: ["index", "guide"] },
        }),
        "index.mdx": "---\ntitle: Home\n---\n\nWelcome. See [the guide](/guide).\n",
        "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo things.\n",
      }),
    });
    expect(compiled.code, compiled.stdout).toBe(0);
    const result = await runProgram(NODE.file, [path.join("out", "consumer.js")], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        QUIRE_URL: api.url,
        QUIRE_API_KEY: tenant.key,
        QUIRE_PROJECT: tenant.projectId,
        QUIRE_DOMAIN: tenant.domain,
      },
      timeoutMs: 180_000,
    });
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    const archive = readFileSync(path.join(project, "site.tar.gz"));
    expect(outcome).toEqual({
      export: "completed",
      pages: 2,
      file: path.join(project, "site.tar.gz"),
      sha256: createHash("sha256").update(archive).digest("hex"),
      phases: ["export", "download"],
      // No model is configured for this server, so the agent's run fails, naming the setting.
      agent: "failed",
      refusals: ["404 not-found", "401 unauthorized"],
    });
  }, 240_000);
});

/** The module specifiers of static and dynamic imports and re-exports, in JavaScript or declarations. */
function moduleSpecifiers(text: string): string[] {
  const found = text.matchAll(
    /(?:^|[\s;])(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm,
  );
  return [...found].map((match) => (match[1] ?? match[2] ?? match[3]) as string);
}
