import { existsSync, statSync } from "node:fs";
import type { Command } from "commander";
import pino from "pino";
import { defaultExportCacheDir } from "../config/cache-directory.ts";
import {
  COMPONENT_MODES,
  type ComponentMode,
  type DeploymentType,
  ExportFailedError,
  formatProblem,
} from "../exporter/index.ts";
import { onStopRequest } from "./stop-signals.ts";
import { UsageError } from "./usage-error.ts";

const DEPLOYMENTS: DeploymentType[] = ["cloud", "client-hosted", "air-gapped"];
const DEFAULT_PORT = 3000;

interface DevFlags {
  port: string;
  host: string;
  deployment: string;
  components: string;
  cacheDir?: string;
  cache: boolean;
}

export function registerDevCommand(program: Command): void {
  program
    .command("dev")
    .description(
      "Preview a Mintlify-format docs folder while you write: the site served from memory with the export's renderer, pages reloaded as you save, problems in the terminal and in the page.",
    )
    .argument("[DOCS_DIR]", "the documentation folder, holding docs.json or mint.json", ".")
    .option(
      "--port <PORT>",
      "the port to listen on; the next free one when it is taken, any free one for 0",
      String(DEFAULT_PORT),
    )
    .option("--host <HOST>", "the address to listen on, 0.0.0.0 for every interface", "127.0.0.1")
    .option(
      "--deployment <TYPE>",
      `feature set, as the export's: ${DEPLOYMENTS.join(", ")}`,
      "cloud",
    )
    .option(
      "--components <MODE>",
      "the repository's own React components: interactive, static or off",
      "interactive",
    )
    .option(
      "--cache-dir <DIR>",
      `render cache, shared with quire export (default: ${defaultExportCacheDir()})`,
    )
    .option("--no-cache", "render every page again, ignoring and not writing the cache")
    .addHelpText(
      "after",
      "\nExamples:\n  quire dev\n  quire dev ./docs --port 4000\n\nExit codes: 0 stopped (Ctrl+C or SIGTERM), 1 the site could not be read, 2 wrong usage.",
    )
    .action(async (docsDir: string, flags: DevFlags) => {
      process.exitCode = await runDev(docsDir, flags);
    });
}

async function runDev(docsDir: string, flags: DevFlags): Promise<number> {
  if (!existsSync(docsDir) || !statSync(docsDir).isDirectory())
    throw new UsageError(`DOCS_DIR "${docsDir}" is not a folder`);
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${flags.port}"`);
  if (!DEPLOYMENTS.includes(flags.deployment as DeploymentType))
    throw new UsageError(
      `--deployment must be one of ${DEPLOYMENTS.join(", ")}, not "${flags.deployment}"`,
    );
  if (!COMPONENT_MODES.includes(flags.components as ComponentMode))
    throw new UsageError(
      `--components must be one of ${COMPONENT_MODES.join(", ")}, not "${flags.components}"`,
    );
  const { startDevSession } = await import("../dev/dev-session.ts");
  const write = (text: string): void => {
    process.stderr.write(text);
  };
  let session: Awaited<ReturnType<typeof startDevSession>>;
  try {
    session = await startDevSession({
      sourceDir: docsDir,
      port,
      host: flags.host,
      deployment: flags.deployment as DeploymentType,
      components: flags.components as ComponentMode,
      cacheDir: flags.cache ? (flags.cacheDir ?? defaultExportCacheDir()) : undefined,
      write,
    });
  } catch (error) {
    if (!(error instanceof ExportFailedError)) throw error;
    for (const problem of error.problems) write(`${formatProblem(problem)}\n`);
    write(`quire dev: ${error.message}\n`);
    return 1;
  }
  const logger = pino({ level: "warn" }, pino.destination(2));
  return new Promise<number>((resolve) => {
    onStopRequest(async () => {
      await session.close();
      write("quire dev: stopped\n");
      resolve(0);
    }, logger);
  });
}
