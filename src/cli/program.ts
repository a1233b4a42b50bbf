import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { CodedError, ConfigError } from "../domain/errors.ts";
import { fileSystemReason } from "../files/writable-folder.ts";
import { registerApiCommand } from "./api.ts";
import { registerCacheCommand } from "./cache.ts";
import { registerCheckCommand } from "./check.ts";
import { registerDbCommand } from "./db.ts";
import { registerDevCommand } from "./dev.ts";
import { registerExportCommand } from "./export.ts";
import { registerJobsCommand } from "./jobs.ts";
import { registerKeysCommand } from "./keys.ts";
import { registerOrgsCommand } from "./orgs.ts";
import { registerProjectsCommand } from "./projects.ts";
import { registerRemoteCommand } from "./remote.ts";
import { registerServeCommand } from "./serve.ts";
import { registerUsersCommand } from "./users.ts";
import { registerWorkerCommand } from "./worker.ts";

/** Exit codes of every command: 0 success, 1 the work failed, 2 the command line was wrong. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * The version in Quire's package.json, found by the package's own name: that resolves from the
 * sources of a checkout and from the built files of an installed package alike.
 */
function quireVersion(): string {
  const manifest = createRequire(import.meta.url)("quire/package.json") as { version: string };
  return manifest.version;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = new Command("quire")
    .description(
      "Quire: self-hostable documentation platform (admin API, agent jobs, static export).",
    )
    .version(quireVersion(), "-V, --version", "print the version of Quire")
    // Options of `quire` itself come before the command: `quire remote export D --version 1.0`
    // gives `--version` to the command.
    .enablePositionalOptions()
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeErr: (text) => process.stderr.write(text),
      writeOut: (text) => process.stdout.write(text),
      // One style for every command-line mistake: `quire: <what is wrong>`.
      outputError: (text, write) => write(text.replace(/^error: /, "quire: ")),
    })
    .addHelpText(
      "after",
      `
Getting started, on one data dir (--data-dir, default ./.quire):
  quire orgs create --name "Acme" --json               # {"orgId": ...}
  quire projects create --org ORG_ID --name Docs --domain docs.acme.com \\
    --repo https://github.com/acme/docs --json         # {"projectId": ...}
  quire keys create --org ORG_ID --json                # {"id": ..., "key": "quire_..."}
  quire users create --email E --org ORG_ID            # a dashboard user (asks for a password)
  quire api                                            # the admin API on 127.0.0.1:8080,
                                                       # the dashboard at /dashboard

Run \`quire <command> --help\` for a command's options and environment variables.
Exit codes: 0 done, 1 the work failed, 2 the command line was wrong.`,
    );
  registerApiCommand(program);
  registerWorkerCommand(program);
  registerOrgsCommand(program);
  registerProjectsCommand(program);
  registerKeysCommand(program);
  registerUsersCommand(program);
  registerJobsCommand(program);
  registerDbCommand(program);
  registerExportCommand(program);
  registerCheckCommand(program);
  registerDevCommand(program);
  registerServeCommand(program);
  registerRemoteCommand(program);
  registerCacheCommand(program);
  try {
    await program.parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    // A mistake in the command line, a setting or a file (UsageError is one too): exit 2.
    if (error instanceof ConfigError) {
      process.stderr.write(`quire: ${error.message}\n`);
      return EXIT_USAGE;
    }
    // Any other error Quire raises on purpose says what went wrong in its message.
    if (error instanceof CodedError) {
      process.stderr.write(`quire: ${error.message}\n`);
      return EXIT_FAILED;
    }
    // A file or folder of the user's that cannot be used (read-only, a file in the way, a full
    // disk) where no command checked first: still one line naming it.
    const reason = fileSystemReason(error);
    const where = (error as NodeJS.ErrnoException).path;
    if (reason && where) {
      process.stderr.write(`quire: cannot use ${where}: ${reason}\n`);
      return EXIT_FAILED;
    }
    throw error;
  }
}
