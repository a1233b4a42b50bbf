import type { Command } from "commander";
import type { SettingName } from "../config/settings.ts";
import { JOB_KINDS, type JobKind } from "../domain/job-queues.ts";
import { addSettingOptions, configFromFlags, DATA_SETTINGS } from "./settings-options.ts";
import { onStopRequest } from "./stop-signals.ts";
import { UsageError } from "./usage-error.ts";

const WORKER_SETTINGS: readonly SettingName[] = [
  ...DATA_SETTINGS,
  "publicUrl",
  "exportMemoryMb",
  "exportAllowHosts",
  "exportFeedbackUrl",
  "exportCleanUrls",
  "exportCacheMaxMb",
  "jobLeaseSeconds",
  "shutdownGraceSeconds",
];

export function registerWorkerCommand(program: Command): void {
  const command = program
    .command("worker")
    .description("Run background jobs only (pair it with `quire api --no-workers`).")
    .option(
      "--kinds <LIST>",
      `job kinds to run, comma-separated: ${JOB_KINDS.join(", ")}`,
      JOB_KINDS.join(","),
    )
    .option(
      "--concurrency <N>",
      "jobs of each kind run at once (default: QUIRE_EXPORT_CONCURRENCY and QUIRE_AGENT_CONCURRENCY, 1 and 2)",
    );
  addSettingOptions(command, WORKER_SETTINGS).action(async (flags: Record<string, unknown>) => {
    const kinds = String(flags.kinds)
      .split(",")
      .map((kind) => kind.trim())
      .filter(Boolean);
    for (const kind of kinds)
      if (!(JOB_KINDS as readonly string[]).includes(kind))
        throw new UsageError(
          `--kinds: unknown job kind "${kind}" (known: ${JOB_KINDS.join(", ")})`,
        );
    const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
    if (
      concurrency !== undefined &&
      (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    )
      throw new UsageError(
        `--concurrency must be a whole number from 1 to 64, not "${String(flags.concurrency)}"`,
      );
    const { openInstallation } = await import("../installation/index.ts");
    const installation = await openInstallation(configFromFlags(flags, WORKER_SETTINGS), {
      workers: { kinds: kinds as JobKind[], concurrency },
    });
    const { context, runner } = installation;
    await runner.start();
    context.logger.info({ workerId: runner.workerId, kinds }, "worker started");
    process.exitCode = await new Promise<number>((resolve) => {
      onStopRequest(async (reason) => {
        context.logger.info(
          { reason },
          "stopping: no new jobs; running jobs finish or are handed back",
        );
        await installation.close();
        resolve(0);
      }, context.logger);
    });
  });
}
