// deploy/github-actions/export-and-roll-out.yml, run here as GitHub Actions would run it: its
// `run` steps in order, each as written in its own `bash --noprofile --norc -eo pipefail`
// (the workflow's `shell: bash`), with the workflow's, job's and step's env, the secrets and
// inputs, GITHUB_OUTPUT between steps, against a real `quire api` on 127.0.0.1. helm is a stub
// on PATH that records its arguments; the `uses` steps (checkout, installing helm, cluster
// access) are what a runner provides and are skipped.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseValues } from "../../src/serve/values-file.ts";
import { createTenant, startApi } from "../helpers/api-server.ts";
import { Chart, setFlagsToValues } from "./go-template.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORKFLOW_FILE = "deploy/github-actions/export-and-roll-out.yml";
const WORKFLOW = parseYaml(readFileSync(path.join(ROOT, WORKFLOW_FILE), "utf8"));
const [JOB_NAME] = Object.keys(WORKFLOW.jobs);
const JOB = WORKFLOW.jobs[JOB_NAME as string];

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  shell?: string;
}
const STEPS: Step[] = JOB.steps;

const made: string[] = [];
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(folder);
  return folder;
}

interface Context {
  secrets: Record<string, string>;
  inputs: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
}

/** The expressions this workflow may use; anything else fails the test rather than guessing. */
function evaluate(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_whole, expression: string) => {
    const secret = /^secrets\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expression);
    if (secret) return context.secrets[secret[1] as string] ?? "";
    const input = /^inputs\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(expression);
    if (input) return context.inputs[input[1] as string] ?? "";
    const output = /^steps\.([A-Za-z_][A-Za-z0-9_-]*)\.outputs\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(
      expression,
    );
    if (output) return context.steps[output[1] as string]?.outputs[output[2] as string] ?? "";
    throw new Error(`the test does not evaluate \${{ ${expression} }}`);
  });
}

/** name=value lines of a GITHUB_OUTPUT file (the multi-line form is not used here). */
function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  if (!existsSync(file)) return outputs;
  for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean)) {
    const equals = line.indexOf("=");
    if (equals < 0) throw new Error(`GITHUB_OUTPUT line not understood: ${line}`);
    outputs[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return outputs;
}

function runBash(file: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", file], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface StepResult {
  name: string;
  code: number | null;
  output: string;
}

interface WorkflowRun {
  steps: StepResult[];
  /** The arguments of each helm call, in order. */
  helm: string[][];
  output: string;
}

/** Runs the job's steps until one fails, as a runner does when no step says `if: always()`. */
async function runWorkflow(context: Omit<Context, "steps">): Promise<WorkflowRun> {
  const work = tempDir("quire-workflow-");
  const stubs = path.join(work, "bin");
  const calls = path.join(work, "helm-calls");
  mkdirSync(stubs);
  mkdirSync(calls);
  const helm = path.join(stubs, "helm");
  writeFileSync(
    helm,
    '#!/bin/bash\n# Records the call: one file per call, its arguments separated by NUL.\nprintf \'%s\\0\' "$@" > "$HELM_CALLS/$(date +%s%N)-$$"\n',
  );
  chmodSync(helm, 0o755);
  const full: Context = { ...context, steps: {} };
  const home = path.join(work, "home");
  mkdirSync(home);
  // What a runner sets, and nothing of this machine's QUIRE_* settings.
  const runner: NodeJS.ProcessEnv = {
    PATH: `${stubs}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    LANG: "C.UTF-8",
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: ROOT,
    GITHUB_RUN_NUMBER: "42",
    GITHUB_RUN_ATTEMPT: "1",
    RUNNER_TEMP: work,
    HELM_CALLS: calls,
  };
  const results: StepResult[] = [];
  for (const [index, step] of STEPS.entries()) {
    if (step.uses) continue;
    const name = step.name ?? step.id ?? `step ${index}`;
    const env: NodeJS.ProcessEnv = { ...runner };
    for (const scope of [WORKFLOW.env, JOB.env, step.env])
      for (const [key, value] of Object.entries(scope ?? {}))
        env[key] = evaluate(String(value), full);
    const outputFile = path.join(work, `output-${index}`);
    env.GITHUB_OUTPUT = outputFile;
    const script = path.join(work, `step-${index}.sh`);
    writeFileSync(script, evaluate(step.run as string, full));
    const { code, output } = await runBash(script, env, 60_000);
    results.push({ name, code, output });
    if (step.id) full.steps[step.id] = { outputs: readOutputs(outputFile) };
    if (code !== 0) break;
  }
  const helmCalls = readdirSync(calls)
    .sort()
    .map((file) => readFileSync(path.join(calls, file), "utf8").split("\0").slice(0, -1));
  return {
    steps: results,
    helm: helmCalls,
    output: results.map((step) => `## ${step.name} (exit ${step.code})\n${step.output}`).join("\n"),
  };
}

/** `--set` and `--set-string` flags of a helm command line, in order. */
function setFlags(args: string[]): { flag: string; value: string }[] {
  const flags: { flag: string; value: string }[] = [];
  args.forEach((arg, index) => {
    if (arg === "--set" || arg === "--set-string")
      flags.push({ flag: arg, value: args[index + 1] as string });
    const joined = /^(--set|--set-string)=(.*)$/.exec(arg);
    if (joined) flags.push({ flag: joined[1] as string, value: joined[2] as string });
  });
  return flags;
}

describe("the GitHub Actions workflow example", () => {
  it("runs only when started by hand, passes values to scripts through env, and uses pinned actions", () => {
    expect(Object.keys(WORKFLOW.on)).toEqual(["workflow_dispatch"]);
    expect(WORKFLOW.on.workflow_dispatch.inputs.domain.required).toBe(true);
    // An example: nothing under .github/workflows runs it in this repository.
    expect(WORKFLOW_FILE.startsWith(".github/")).toBe(false);
    expect(WORKFLOW.defaults.run.shell).toBe("bash");
    expect(WORKFLOW.permissions).toEqual({ contents: "read" });
    const text = readFileSync(path.join(ROOT, WORKFLOW_FILE), "utf8");
    const secrets = [...text.matchAll(/secrets\.([A-Z_]+)/g)].map((match) => match[1]);
    expect([...new Set(secrets)].sort()).toEqual(["KUBECONFIG", "QUIRE_API_KEY", "QUIRE_URL"]);
    for (const step of STEPS) {
      if (step.uses) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
      // No ${{ }} inside a script: an input or an answer is never pasted into shell code.
      else expect(step.run, step.name).not.toMatch(/\$\{\{/);
    }
    expect(STEPS.filter((step) => step.run).map((step) => step.name)).toEqual([
      "Check the settings and the chart",
      "Start the export",
      "Wait for the export",
      "Get a bundle link",
      "Roll out",
    ]);
  });

  it("exports on a real API, polls, gets a link and rolls it out with helm", async () => {
    for (const tool of ["curl", "jq"])
      expect(spawnSync(tool, ["--version"]).status, `${tool} on PATH`).toBe(0);
    const api = await startApi();
    const tenant = await createTenant(api);
    const run = await runWorkflow({
      secrets: { QUIRE_URL: api.url, QUIRE_API_KEY: tenant.key, KUBECONFIG: "unused" },
      inputs: { domain: tenant.domain, version: "" },
    });
    expect(
      run.steps.map((step) => [step.name, step.code]),
      run.output,
    ).toEqual([
      ["Check the settings and the chart", 0],
      ["Start the export", 0],
      ["Wait for the export", 0],
      ["Get a bundle link", 0],
      ["Roll out", 0],
    ]);
    expect(run.output).not.toContain(tenant.key);

    // helm lint and template first, on the chart in this repository, then the roll-out.
    const [lint, template, upgrade, ...more] = run.helm;
    expect(more, run.output).toEqual([]);
    expect(lint?.slice(0, 3)).toEqual(["lint", "--strict", "deploy/helm/quire"]);
    expect(template?.slice(0, 3)).toEqual(["template", "docs", "deploy/helm/quire"]);
    expect(existsSync(path.join(ROOT, "deploy/helm/quire/Chart.yaml"))).toBe(true);
    expect(upgrade?.slice(0, 4)).toEqual(["upgrade", "--install", "docs", "deploy/helm/quire"]);
    expect(upgrade).toEqual(expect.arrayContaining(["--namespace", "docs", "--wait"]));

    // The values helm is given, as helm reads --set and --set-string.
    const chart = new Chart(path.join(ROOT, "deploy/helm/quire"));
    for (const call of [lint, template]) {
      const values = setFlagsToValues(setFlags(call as string[]));
      expect(chart.render(values).get("deployment.yaml")).toMatch(/kind: Deployment/);
    }
    const values = setFlagsToValues(setFlags(upgrade as string[])) as {
      staticExport: { enabled: unknown; bundleUrl: string; version: string };
      image: { repository: string; tag: string };
    };
    expect(values.staticExport.enabled).toBe(true);
    expect(values.staticExport.version).toBe("run-42");
    expect(values.image).toEqual({ repository: "ghcr.io/example/quire", tag: "0.1.0" });
    const link = values.staticExport.bundleUrl;
    expect(link.startsWith(`${api.url}/`), link).toBe(true);

    // What the pods will read: the chart's ConfigMap with these values, through Quire's parser.
    const configMap = parseYaml(chart.render(values).get("configmap.yaml") as string);
    expect(parseValues(configMap.data["values.yaml"], "values.yaml", {})).toEqual({
      enabled: true,
      bundleUrl: link,
      version: "run-42",
      sha256: null,
    });

    // And the link downloads the export's bundle: its archive, of this version and domain.
    const response = await fetch(link);
    expect(response.status).toBe(200);
    const archive = Buffer.from(await response.arrayBuffer());
    const jobId = /Export (\S+) of /.exec(run.output)?.[1] as string;
    const bundle = await (
      await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, { key: tenant.key })
    ).json();
    expect(createHash("sha256").update(archive).digest("hex")).toBe(bundle.sha256);
    const file = path.join(tempDir("quire-workflow-bundle-"), "site.tar.gz");
    writeFileSync(file, archive);
    const listing = spawnSync("tar", ["-tzf", file], { encoding: "utf8" }).stdout.split("\n");
    const entries = listing.map((entry) => entry.replace(/^\.\//, ""));
    expect(entries).toEqual(expect.arrayContaining(["index.html", "quire-export.json"]));
    const manifestEntry = listing.find((entry) => /^(\.\/)?quire-export\.json$/.test(entry));
    const manifest = JSON.parse(
      spawnSync("tar", ["-xzOf", file, manifestEntry as string], { encoding: "utf8" }).stdout,
    );
    expect(manifest).toMatchObject({ jobId, domain: tenant.domain, version: "run-42" });
    expect(manifest.pageCount).toBeGreaterThan(0);
  }, 60_000);

  it("stops before helm upgrade when Quire refuses the export, saying why", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const run = await runWorkflow({
      secrets: { QUIRE_URL: api.url, QUIRE_API_KEY: tenant.key },
      inputs: { domain: "no-such-site.example.test", version: "2.0" },
    });
    expect(run.steps.map((step) => [step.name, step.code])).toEqual([
      ["Check the settings and the chart", 0],
      ["Start the export", 1],
    ]);
    expect(run.output).toMatch(
      /::error::Quire did not start the export of no-such-site\.example\.test: \{"error":"[^"]+"\}/,
    );
    expect(run.helm.map((call) => call[0])).toEqual(["lint", "template"]);
  });

  it("stops before helm upgrade when the export fails, with the job's error", async () => {
    const api = await startApi();
    // A folder with no documentation in it: the export job fails.
    const tenant = await createTenant(api, { repository: tempDir("quire-no-docs-") });
    const run = await runWorkflow({
      secrets: { QUIRE_URL: api.url, QUIRE_API_KEY: tenant.key },
      inputs: { domain: tenant.domain, version: "" },
    });
    expect(
      run.steps.map((step) => [step.name, step.code]),
      run.output,
    ).toEqual([
      ["Check the settings and the chart", 0],
      ["Start the export", 0],
      ["Wait for the export", 1],
    ]);
    expect(run.output).toMatch(/::error::export \S+ failed: \S/);
    expect(run.helm.map((call) => call[0])).toEqual(["lint", "template"]);
  }, 30_000);

  it("refuses to start without the secrets", async () => {
    const run = await runWorkflow({ secrets: {}, inputs: { domain: "docs.example.com" } });
    expect(run.steps.map((step) => [step.name, step.code])).toEqual([
      ["Check the settings and the chart", 1],
    ]);
    expect(run.output).toMatch(/::error::QUIRE_URL is empty/);
    expect(run.helm).toEqual([]);
  });
});
