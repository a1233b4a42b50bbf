import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { ExportSiteProgress } from "../../../client/src/index.ts";
import { formatBytes as formatSize } from "../../common/format-bytes.ts";
import { plural } from "../../common/plural.ts";
import { print } from "../admin-context.ts";
import { UsageError } from "../usage-error.ts";
import { describeExportJob } from "./describe.ts";
import { waitOptions, withRemoteOptions } from "./options.ts";
import { parseTimeout, REMOTE_EXIT, type RemoteFlags, runRemote, type Session } from "./session.ts";

interface ExportFlags extends RemoteFlags {
  output?: string;
  version?: string;
  paths?: string;
}

/**
 * `quire remote export DOMAIN`: starts a static export; with --wait follows it, with -o also
 * downloads the bundle and checks its sha256.
 */
export function registerExportCommand(remote: Command): void {
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
  session.followingJob = job;
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
    return `Exported ${plural(job.pageCount, "page")} of ${job.domain} → ${result.file} (${formatSize(bundle.sizeBytes)}, sha256 ${bundle.sha256})`;
  });
  return REMOTE_EXIT.completed;
}
