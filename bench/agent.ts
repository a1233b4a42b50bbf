/**
 * The agent's overhead outside the model: everything an agent job does besides waiting for
 * the model (clone, branch, tools, validation of the change, commit, push, pull request), on
 * examples/docs and on a generated 2,000-page repository. The model is a local server that
 * answers at once with a scripted edit; the forge is a local git smart-HTTP server with the
 * GitHub REST API. Goal: under 2 s and under 8 s.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveConfig } from "../src/config/settings.ts";
import { openInstallation } from "../src/installation/index.ts";
import { startMockForge } from "../test/helpers/mock-forge.ts";
import { startMockModel } from "../test/helpers/mock-model-server.ts";
import { generateSite } from "./generate-site.ts";
import { median } from "./measure.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 3);
const GOALS_MS = { example: 2000, generated: 8000 };

export interface AgentRepoResult {
  label: string;
  pages: number;
  runs: {
    totalMs: number;
    cloneMs: number;
    checkMs: number;
    pushMs: number;
    pullRequestMs: number;
  }[];
  overheadMs: number;
  goalMs: number;
}

export interface AgentBenchmark {
  repositories: AgentRepoResult[];
  wallSeconds: number;
}

function readFolder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, String(entry));
    if (statSync(file).isFile())
      files[String(entry).split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return files;
}

function firstPage(files: Record<string, string>): { file: string; sentence: string } {
  for (const [file, content] of Object.entries(files).sort()) {
    if (!file.endsWith(".mdx") || file.startsWith("snippets/")) continue;
    const sentence = content
      .split("\n")
      .find((line) => /^[A-Z][^<>{}|#*`[\]]{30,}\.$/.test(line.trim()));
    if (sentence) return { file, sentence: sentence.trim() };
  }
  throw new Error("no page with a plain sentence to edit");
}

export async function runAgentBenchmark(
  log: (message: string) => void = console.error,
): Promise<AgentBenchmark> {
  const started = performance.now();
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-agent-bench-"));
  const forge = await startMockForge({ token: "bench-token-0123456789" });
  const model = await startMockModel();
  const repositories: AgentRepoResult[] = [];
  try {
    const generated = generateSite(path.join(work, "generated"), 2000, 5);
    const sources = [
      {
        label: "examples/docs",
        name: "example",
        files: readFolder(path.join(root, "examples", "docs")),
        goalMs: GOALS_MS.example,
      },
      {
        label: `generated site (${generated.pages} pages)`,
        name: "generated",
        files: readFolder(generated.quireDir),
        goalMs: GOALS_MS.generated,
      },
    ];
    const config = resolveConfig(
      {
        dataDir: path.join(work, "data"),
        agentProvider: "openai-compatible",
        agentModel: "bench-model",
        agentBaseUrl: model.baseUrl,
        logLevel: "warn",
      },
      {},
    );
    const installation = await openInstallation(config, { workers: {} });
    const { services, runner } = installation;
    await runner.start();
    try {
      const org = await services.admin.createOrganization("Bench");
      for (const source of sources) {
        log(`Agent overhead on ${source.label}…`);
        await forge.createRepository("bench", source.name, source.files);
        const project = await services.admin.createProject({
          orgId: org.id,
          name: source.name,
          domain: `${source.name}.bench.test`,
          repository: forge.repositoryUrl("bench", source.name),
          ref: "main",
          forge: "github",
          forgeApiUrl: forge.apiUrl("github"),
          forgeToken: "bench-token-0123456789",
        });
        const target = firstPage(source.files);
        const result: AgentRepoResult = {
          label: source.label,
          pages: Object.keys(source.files).filter((file) => /\.mdx?$/.test(file)).length,
          runs: [],
          overheadMs: 0,
          goalMs: source.goalMs,
        };
        for (let run = 0; run < RUNS; run++) {
          model.script(
            {
              toolCalls: [
                {
                  name: "edit_file",
                  arguments: {
                    path: target.file,
                    old_string: target.sentence,
                    new_string: `${target.sentence.slice(0, -1)} (revised ${run}).`,
                  },
                },
              ],
            },
            { toolCalls: [{ name: "check_docs", arguments: {} }] },
            { text: "Revised one sentence." },
          );
          const jobStarted = performance.now();
          const { job } = await services.agentJobs.create(
            org.id,
            project.id,
            `Revise a sentence of ${target.file}`,
          );
          let current = job;
          while (current.status === "active") {
            await new Promise((resolve) => setTimeout(resolve, 10));
            current = await services.agentJobs.get(org.id, project.id, job.id);
          }
          const totalMs = performance.now() - jobStarted;
          if (current.status !== "completed" || !current.prLink)
            throw new Error(`the agent job ended ${current.status}: ${current.error}`);
          const steps = (await services.agentJobs.inspect(job.id))?.steps ?? [];
          const sum = (predicate: (step: (typeof steps)[number]) => boolean) =>
            steps.filter(predicate).reduce((total, step) => total + (step.duration_ms ?? 0), 0);
          result.runs.push({
            totalMs,
            cloneMs: sum((step) => step.name === "clone"),
            checkMs: sum((step) => step.kind === "check" || step.name === "check_docs"),
            pushMs: sum((step) => step.name === "push"),
            pullRequestMs: sum((step) => step.kind === "forge"),
          });
          log(`  run ${run + 1}: ${(totalMs / 1000).toFixed(2)} s`);
        }
        // The model answers at once, so the whole job's time is what Quire adds to the model's.
        result.overheadMs = median(result.runs.map((run) => run.totalMs));
        repositories.push(result);
      }
    } finally {
      await installation.close();
    }
  } finally {
    await forge.close();
    await model.close();
    rmSync(work, { recursive: true, force: true });
  }
  return { repositories, wallSeconds: (performance.now() - started) / 1000 };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** The agent section of BENCHMARKS.md. */
export function agentSection(result: AgentBenchmark, machine: string): string {
  const rows = result.repositories
    .map((repo) => {
      const pick = (key: keyof AgentRepoResult["runs"][number]) =>
        seconds(median(repo.runs.map((run) => run[key])));
      return `| ${repo.label} | ${repo.pages} | **${seconds(repo.overheadMs)}** | ${pick("cloneMs")} | ${pick("checkMs")} | ${pick("pushMs")} | ${pick("pullRequestMs")} | ${seconds(repo.goalMs)}: ${repo.overheadMs < repo.goalMs ? "met" : "**not met**"} |`;
    })
    .join("\n");
  return `## Agent jobs: overhead outside the model

Measured by \`BENCH_ONLY=agent npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}; the benchmark took ${result.wallSeconds.toFixed(0)} s.
One agent job per run, created through the service and run by the in-process worker exactly as \`quire api\` runs it: a shallow clone over git smart HTTP from a local forge (git-http-backend), the model's edit of one page through \`edit_file\`, \`check_docs\`, the run's own validation of the change, commit, push, and a pull request over the GitHub REST API of the same local forge. The model is a local Chat Completions server that answers at once (three calls: the edit, \`check_docs\`, the summary), so the whole job's time, from its creation to \`completed\` with its \`prLink\`, is the time Quire adds to the model's. Medians of ${RUNS} runs; each run edits the page again on a new job. The columns after it are parts of that time, from the job's trace.

| Repository | Pages | Job end to end, outside the model | Clone | Checks | Push | Pull request | Goal |
|---|---:|---:|---:|---:|---:|---:|---|
${rows}

"Checks" is \`check_docs\` as the model called it plus the run's validation before committing; both re-check only the pages the change can affect, with the site-wide configuration and navigation checks.`;
}
