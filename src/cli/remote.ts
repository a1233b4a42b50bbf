import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { addAbortSignal } from "node:stream";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import {
  type AgentJob,
  type AgentJobStatus,
  BundleIntegrityError,
  ExportJobFailedError,
  type ExportSiteProgress,
  QuireApiError,
  QuireClient,
  QuireNetworkError,
  type RetryEvent,
  type StaticExportJob,
  WaitTimeoutError,
} from "../../client/src/index.ts";
import { formatBytes as formatSize } from "../common/format-bytes.ts";
import { print, table } from "./admin-context.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";
import { UsageError } from "./usage-error.ts";

/**
 * Exit codes of `quire remote`, for CI scripts to branch on (SPEC §5). Ctrl-C during a wait
 * exits 130, the shell's code for a process stopped by SIGINT.
 */
export const REMOTE_EXIT = {
  completed: 0,
  failed: 1,
  usage: 2,
  timeout: 3,
  interrupted: 130,
} as const;

const AGENT_STATUSES: readonly AgentJobStatus[] = ["active", "completed", "archived", "failed"];

interface RemoteFlags {
  remoteUrl?: string;
  json?: boolean;
  wait?: boolean;
  timeout?: string;
}

interface ListFlags extends RemoteFlags {
  status?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

interface ExportFlags extends RemoteFlags {
  output?: string;
  version?: string;
  paths?: string;
}

const ENVIRONMENT_HELP = `
Environment:
  QUIRE_URL      base URL of the Quire API, e.g. https://quire.example.com (or --remote-url)
  QUIRE_API_KEY  an API key of the organization, quire_... (from \`quire keys create\`)

Exit codes: 0 completed (or the call succeeded), 1 the job failed or was archived, or the API
refused the call, 2 wrong usage (a missing QUIRE_URL or QUIRE_API_KEY too), 3 --timeout ran
out, 130 interrupted by Ctrl-C (the job keeps running on the server; no partial file is left).`;

export function registerRemoteCommand(program: Command): void {
  const remote = program
    .command("remote")
    .description(
      "Use a Quire API as a client, from QUIRE_URL and QUIRE_API_KEY: agent jobs and static exports.",
    )
    .addHelpText(
      "after",
      `
Examples:
  export QUIRE_URL=https://quire.example.com QUIRE_API_KEY=quire_...
  quire remote agent create prj_123 "Document the /users endpoint" --wait
  quire remote agent list prj_123 --status failed --all --json
  quire remote export docs.example.com -o site.tar.gz
${ENVIRONMENT_HELP}`,
    );

  const agent = remote
    .command("agent")
    .description("Agent jobs of a project: create, get, list, message, archive.")
    .addHelpText("after", ENVIRONMENT_HELP);

  withRemoteOptions(
    waitOptions(
      agent
        .command("create")
        .description("Start an agent job on a prompt; with --wait, follow it to its end.")
        .argument("<PROJECT_ID>", "the project, from the dashboard's API keys page")
        .argument("<PROMPT>", "the instruction for the agent, or - to read it from stdin"),
    ),
    `quire remote agent create prj_123 "Fix the typos in the quick start" --wait --timeout 1800
  git diff | quire remote agent create prj_123 - --json`,
  ).action(async (projectId: string, prompt: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const text = await readPrompt(prompt, session.signal);
      const job = await session.client.agent.create(projectId, text, { signal: session.signal });
      return finishAgentJob(session, projectId, job, flags);
    });
  });

  withRemoteOptions(
    waitOptions(
      agent
        .command("get")
        .description("Show an agent job; with --wait, follow it to its end.")
        .argument("<PROJECT_ID>")
        .argument("<JOB_ID>"),
    ),
    "quire remote agent get prj_123 job_456 --json\n  quire remote agent get prj_123 job_456 --wait",
  ).action(async (projectId: string, jobId: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const job = await session.client.agent.get(projectId, jobId, { signal: session.signal });
      return finishAgentJob(session, projectId, job, flags);
    });
  });

  withRemoteOptions(
    agent
      .command("list")
      .description("List a project's agent jobs, newest first.")
      .argument("<PROJECT_ID>")
      .option("--status <STATUS>", `only jobs with this status: ${AGENT_STATUSES.join(", ")}`)
      .option("--limit <N>", "jobs per page, 1 to 100 (default 20)")
      .option("--cursor <CURSOR>", "the page after this one (nextCursor of the previous page)")
      .option("--all", "every page, not just the first"),
    "quire remote agent list prj_123 --status active\n  quire remote agent list prj_123 --all --json",
  ).action(async (projectId: string, flags: ListFlags) => {
    const status = flags.status;
    if (status !== undefined && !AGENT_STATUSES.includes(status as AgentJobStatus))
      throw new UsageError(
        `--status must be one of ${AGENT_STATUSES.join(", ")}, not "${flags.status}"`,
      );
    const limit = flags.limit === undefined ? undefined : Number(flags.limit);
    if (limit !== undefined && (!/^\d+$/.test(flags.limit ?? "") || limit < 1 || limit > 100))
      throw new UsageError(`--limit must be a whole number from 1 to 100, not "${flags.limit}"`);
    if (flags.all && flags.cursor !== undefined)
      throw new UsageError(
        "--all and --cursor cannot be used together: --all starts at the first page",
      );
    process.exitCode = await runRemote(flags, async (session) => {
      const query = { limit, status: status as AgentJobStatus | undefined };
      const options = { signal: session.signal };
      let jobs: AgentJob[] = [];
      let nextCursor: string | null = null;
      if (flags.all) {
        for await (const job of session.client.agent.listAll(projectId, query, options))
          jobs.push(job);
      } else {
        ({ jobs, nextCursor } = await session.client.agent.list(
          projectId,
          { ...query, cursor: flags.cursor },
          options,
        ));
      }
      print(Boolean(flags.json), { jobs, nextCursor }, () => {
        const rows = jobs.map((job) => [
          job.id,
          job.status,
          job.createdAt,
          job.prLink ?? job.error?.split("\n")[0]?.slice(0, 60) ?? "",
        ]);
        const more = nextCursor ? `\nMore: --cursor ${nextCursor} (or --all)` : "";
        return `${table(["ID", "STATUS", "CREATED", "PULL REQUEST / ERROR"], rows)}${more}`;
      });
      return REMOTE_EXIT.completed;
    });
  });

  withRemoteOptions(
    waitOptions(
      agent
        .command("message")
        .description(
          "Send a follow-up prompt to a completed or failed job, which becomes active again on the same branch; with --wait, follow it.",
        )
        .argument("<PROJECT_ID>")
        .argument("<JOB_ID>")
        .argument("<PROMPT>", "the follow-up instruction, or - to read it from stdin"),
    ),
    'quire remote agent message prj_123 job_456 "Also update the changelog" --wait',
  ).action(async (projectId: string, jobId: string, prompt: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const text = await readPrompt(prompt, session.signal);
      const job = await session.client.agent.message(projectId, jobId, text, {
        signal: session.signal,
      });
      return finishAgentJob(session, projectId, job, flags);
    });
  });

  withRemoteOptions(
    agent
      .command("archive")
      .description("Archive an agent job (an active one is stopped first). Idempotent.")
      .argument("<PROJECT_ID>")
      .argument("<JOB_ID>"),
    "quire remote agent archive prj_123 job_456",
  ).action(async (projectId: string, jobId: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const job = await session.client.agent.archive(projectId, jobId, { signal: session.signal });
      print(Boolean(flags.json), job, () => describeAgentJob(job));
      return REMOTE_EXIT.completed;
    });
  });

  withRemoteOptions(
    waitOptions(
      remote
        .command("export")
        .description(
          "Start a static export of a documentation domain on the server. With --wait, follow it to its end; with -o, also download the bundle and check its sha256.",
        )
        .argument("<DOMAIN>", "the documentation domain of the project")
        .option(
          "-o, --output <FILE.tar.gz>",
          "download the bundle to this file once the export completes (implies --wait)",
        )
        .option("--version <LABEL>", "a version label, written into the bundle's quire-export.json")
        .option(
          "--paths <LIST>",
          "export only these pages: comma-separated page paths or folder prefixes ending in /",
        ),
    ),
    "quire remote export docs.example.com -o site.tar.gz --version 2.4.0\n  quire remote export docs.example.com --wait --timeout 600 --json",
  ).action(async (domain: string, flags: ExportFlags) => {
    const output = flags.output;
    if (output !== undefined) {
      if (!output.endsWith(".tar.gz") && !output.endsWith(".tgz"))
        throw new UsageError(`-o must name a .tar.gz file, not "${output}"`);
      const folder = path.dirname(path.resolve(output));
      if (!existsSync(folder) || !statSync(folder).isDirectory())
        throw new UsageError(`-o: the folder ${folder} does not exist`);
    }
    const paths = flags.paths
      ?.split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    process.exitCode = await runRemote(flags, (session) =>
      output === undefined
        ? startExport(session, domain, flags, paths)
        : downloadExport(session, domain, output, flags, paths),
    );
  });
}

/** `--wait` and `--timeout`, shared by the commands that can follow a job. */
function waitOptions(command: Command): Command {
  return command
    .option("--wait", "follow the job until it ends; the exit code says how it ended")
    .option("--timeout <SECONDS>", "stop waiting after this long and exit 3 (implies --wait)");
}

/** `--json`, `--remote-url`, and the examples and environment in the help. */
function withRemoteOptions(command: Command, examples: string): Command {
  command.option("--json", "print the result as JSON on stdout (progress stays on stderr)");
  addSettingOptions(command, ["remoteUrl"]);
  return command.addHelpText("after", `\nExamples:\n  ${examples}\n${ENVIRONMENT_HELP}`);
}

/** What one `quire remote` command works with. */
interface Session {
  client: QuireClient;
  json: boolean;
  /** Aborted by Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  progress: Progress;
  /** The job being followed, named in the message if the wait is interrupted. */
  following?: string;
  /** The file being downloaded to, named in that message too. */
  writing?: string;
}

/**
 * Runs one command: builds the client from QUIRE_URL and QUIRE_API_KEY, turns Ctrl-C into an
 * abort of whatever is in flight, and maps every outcome to an exit code.
 */
async function runRemote(
  flags: RemoteFlags,
  work: (session: Session) => Promise<number>,
): Promise<number> {
  const timeout = parseTimeout(flags.timeout);
  if (timeout !== undefined) flags.wait = true;
  const client = clientFrom(flags);
  const controller = new AbortController();
  const session: Session = {
    client,
    json: Boolean(flags.json),
    signal: controller.signal,
    progress: new Progress(!flags.json && process.stderr.isTTY === true),
  };
  // The first Ctrl-C stops cleanly (requests aborted, temporary files removed); the handler
  // is then gone, so a second one ends the process at once as usual.
  const stop = (signal: NodeJS.Signals) => controller.abort(new Interrupted(signal));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    return await work(session);
  } catch (error) {
    session.progress.stop();
    return reportFailure(session, error);
  } finally {
    session.progress.stop();
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  }
}

class Interrupted extends Error {
  constructor(signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = "Interrupted";
  }
}

function clientFrom(flags: RemoteFlags): QuireClient {
  const config = configFromFlags(flags as Record<string, unknown>, ["remoteUrl", "remoteApiKey"]);
  if (!config.remoteUrl)
    throw new UsageError(
      "QUIRE_URL is not set: export QUIRE_URL=https://quire.example.com (the API's base URL), or pass --remote-url",
    );
  if (!config.remoteApiKey)
    throw new UsageError(
      "QUIRE_API_KEY is not set: export QUIRE_API_KEY=quire_... (create a key with `quire keys create --org ORG_ID`)",
    );
  return new QuireClient({
    baseUrl: config.remoteUrl,
    apiKey: config.remoteApiKey,
    retry: { onRetry: reportRetry },
  });
}

function reportRetry(event: RetryEvent): void {
  const pause = `${Number((event.delayMs / 1000).toFixed(1))} s`;
  const why =
    event.reason === "rate-limited"
      ? "rate limited"
      : event.reason === "unavailable"
        ? `the server answered ${(event.error as QuireApiError).status}`
        : event.error.message;
  process.stderr.write(`quire: ${why}; trying again in ${pause} (try ${event.attempt})\n`);
}

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 7 * 24 * 3600)
    throw new UsageError(`--timeout must be a number of seconds above 0, not "${text}"`);
  return seconds * 1000;
}

async function readPrompt(prompt: string, signal: AbortSignal): Promise<string> {
  let text = prompt;
  if (prompt === "-") {
    const chunks: Buffer[] = [];
    // Ctrl-C while the prompt is still being typed or piped in stops the read too.
    for await (const chunk of addAbortSignal(signal, process.stdin)) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString("utf8");
  }
  if (text.trim() === "") throw new UsageError("PROMPT is empty: say what the agent should do");
  return text;
}

/** Prints an agent job, or follows it first with `--wait`; the exit code says how it ended. */
async function finishAgentJob(
  session: Session,
  projectId: string,
  job: AgentJob,
  flags: RemoteFlags,
): Promise<number> {
  if (!flags.wait) {
    print(session.json, job, () => describeAgentJob(job));
    return REMOTE_EXIT.completed;
  }
  session.following = `agent job ${job.id} (see it with: quire remote agent get ${projectId} ${job.id})`;
  const final = await session.client.waitForAgentJob(projectId, job.id, {
    signal: session.signal,
    timeout: parseTimeout(flags.timeout),
    onUpdate: (current) => session.progress.line(`agent job ${current.id}: ${current.status}`),
  });
  print(session.json, final, () => describeAgentJob(final));
  if (final.status === "completed") return REMOTE_EXIT.completed;
  if (!session.json)
    process.stderr.write(
      final.status === "failed"
        ? `quire: agent job ${final.id} failed: ${final.error ?? "no reason given"}\n`
        : `quire: agent job ${final.id} was archived\n`,
    );
  return REMOTE_EXIT.failed;
}

/** `quire remote export DOMAIN [--wait]`: starts the job, and with --wait follows it. */
async function startExport(
  session: Session,
  domain: string,
  flags: ExportFlags,
  paths: string[] | undefined,
): Promise<number> {
  const job = await session.client.exports.start(
    { domain, version: flags.version, paths },
    { signal: session.signal },
  );
  if (!flags.wait) {
    print(session.json, job, () => describeExportJob(job));
    return REMOTE_EXIT.completed;
  }
  session.following = `export job ${job.jobId}`;
  const final = await session.client.waitForExportJob(job.jobId, {
    signal: session.signal,
    timeout: parseTimeout(flags.timeout),
    onUpdate: (current) => session.progress.exportJob(current),
  });
  session.progress.stop();
  print(session.json, final, () => describeExportJob(final));
  if (final.status === "completed") return REMOTE_EXIT.completed;
  if (!session.json)
    process.stderr.write(
      `quire: export job ${final.jobId} failed: ${final.error ?? "no reason given"}\n`,
    );
  return REMOTE_EXIT.failed;
}

/** `quire remote export DOMAIN -o FILE`: the whole export, down to a checked archive. */
async function downloadExport(
  session: Session,
  domain: string,
  file: string,
  flags: ExportFlags,
  paths: string[] | undefined,
): Promise<number> {
  session.writing = file;
  const onProgress = (event: ExportSiteProgress) => {
    if (event.phase === "export") {
      session.following = `export job ${event.jobId}`;
      session.progress.exportJob(event.job);
    } else {
      session.progress.download(event.receivedBytes, event.totalBytes, file);
    }
  };
  const result = await session.client.exportSite(domain, {
    file,
    version: flags.version,
    paths,
    signal: session.signal,
    timeout: parseTimeout(flags.timeout),
    onProgress,
  });
  session.progress.stop();
  print(session.json, result, () => {
    const { job, bundle } = result;
    return `Exported ${job.pageCount} pages of ${job.domain} → ${result.file} (${formatSize(bundle.sizeBytes)}, sha256 ${bundle.sha256})`;
  });
  return REMOTE_EXIT.completed;
}

/** The message and exit code of everything that can end a command early. */
function reportFailure(session: Session, error: unknown): number {
  const fail = (code: number, message: string, json: Record<string, unknown>) => {
    if (session.json) process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    process.stderr.write(`quire: ${message}\n`);
    return code;
  };
  if (session.signal.aborted) {
    const what = session.following
      ? `; ${session.following} keeps running on the server`
      : ": the call was abandoned";
    const file = session.writing ? `; nothing was written to ${session.writing}` : "";
    return fail(REMOTE_EXIT.interrupted, `stopped waiting, interrupted${what}${file}`, {
      error: "interrupted",
    });
  }
  if (error instanceof WaitTimeoutError) {
    const status = (error.job as { status?: string } | undefined)?.status;
    return fail(
      REMOTE_EXIT.timeout,
      `${error.message}${status ? ` (still ${status})` : ""}; it keeps running on the server${session.writing ? `; nothing was written to ${session.writing}` : ""}`,
      { error: error.message, timeout: true, job: error.job ?? null },
    );
  }
  if (error instanceof ExportJobFailedError)
    return fail(REMOTE_EXIT.failed, error.message, { error: error.message, job: error.job });
  if (error instanceof QuireApiError) {
    const code = error.code ? ` ${error.code}` : "";
    return fail(REMOTE_EXIT.failed, `${error.message} (HTTP ${error.status}${code})`, {
      error: error.message,
      status: error.status,
      code: error.code,
    });
  }
  if (error instanceof QuireNetworkError || error instanceof BundleIntegrityError)
    return fail(REMOTE_EXIT.failed, error.message, { error: error.message });
  throw error;
}

function describeAgentJob(job: AgentJob): string {
  const lines = [
    `Agent job ${job.id}: ${job.status}`,
    `  branch        ${job.source.ref ?? "-"} of ${job.source.repository}`,
    `  model         ${job.model}`,
    `  pull request  ${job.prLink ?? "none"}`,
    `  created       ${job.createdAt}, updated ${job.updatedAt}${job.archivedAt ? `, archived ${job.archivedAt}` : ""}`,
  ];
  if (job.error) lines.push(`  error         ${job.error}`);
  if (job.summary) lines.push("", "Summary:", `  ${job.summary.split("\n").join("\n  ")}`);
  return lines.join("\n");
}

function describeExportJob(job: StaticExportJob): string {
  const lines = [
    `Export job ${job.jobId} of ${job.domain}: ${job.status}`,
    `  progress  ${Math.floor(job.progress)}%, ${job.pageCount} pages`,
    `  version   ${job.version ?? "none"}`,
    `  created   ${job.createdAt}, updated ${job.updatedAt}`,
  ];
  if (job.error) lines.push(`  error     ${job.error}`);
  return lines.join("\n");
}

/**
 * Progress on stderr: a bar on a terminal, plain lines otherwise (CI logs, pipes, --json),
 * one per change of status and per tenth of the way, so a log stays short.
 */
class Progress {
  readonly #bar: SingleBar | undefined;
  #barStarted = false;
  #lastLine = "";
  #announced = new Set<string>();

  constructor(interactive: boolean) {
    this.#bar = interactive
      ? new SingleBar({
          format: " {phase} [{bar}] {percentage}% {detail}",
          barsize: 30,
          hideCursor: true,
          clearOnComplete: true,
        })
      : undefined;
  }

  /** A line of its own (repeated lines are printed once). */
  line(text: string): void {
    if (text === this.#lastLine) return;
    this.#lastLine = text;
    if (this.#barStarted) this.stop();
    process.stderr.write(`${text}\n`);
  }

  exportJob(job: StaticExportJob): void {
    const detail = `${job.pageCount} pages`;
    if (this.#bar) {
      if (!this.#announced.has(job.jobId)) {
        this.#announced.add(job.jobId);
        this.line(`Export job ${job.jobId} of ${job.domain}`);
      }
      this.#update(job.status, Math.floor(job.progress), detail);
      return;
    }
    const tenth = job.status === "running" ? ` ${Math.floor(job.progress / 10) * 10}%` : "";
    this.line(`export job ${job.jobId}: ${job.status}${tenth}, ${detail}`);
  }

  download(received: number, total: number, file: string): void {
    const percent = total === 0 ? 100 : Math.floor((received / total) * 100);
    if (this.#bar) {
      this.#update("download", percent, `${formatSize(received)} of ${formatSize(total)}`);
      return;
    }
    this.line(`downloading the bundle (${formatSize(total)}) to ${file}`);
  }

  stop(): void {
    if (!this.#barStarted) return;
    this.#bar?.stop();
    this.#barStarted = false;
  }

  #update(phase: string, value: number, detail: string): void {
    const payload = { phase: phase.padEnd(9), detail };
    if (!this.#barStarted) {
      this.#bar?.start(100, value, payload);
      this.#barStarted = true;
    } else {
      this.#bar?.update(value, payload);
    }
  }
}
