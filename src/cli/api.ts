import { readFileSync } from "node:fs";
import type { Command } from "commander";
import type { SettingName } from "../config/settings.ts";
import { listenError } from "./listen-error.ts";
import { addSettingOptions, configFromFlags, DATA_SETTINGS } from "./settings-options.ts";
import { onStopRequest } from "./stop-signals.ts";
import { UsageError } from "./usage-error.ts";

const API_SETTINGS: readonly SettingName[] = [
  "host",
  "port",
  ...DATA_SETTINGS,
  "publicUrl",
  "trustProxy",
  "tlsCert",
  "tlsKey",
  "workers",
  "bundleLinkTtlSeconds",
  "exportConcurrency",
  "exportMemoryMb",
  "exportAllowHosts",
  "exportFeedbackUrl",
  "exportCleanUrls",
  "exportCacheMaxMb",
  "agentConcurrency",
  "assistantPerMinute",
  "assistantTimeoutSeconds",
  "jobLeaseSeconds",
  "shutdownGraceSeconds",
];

export function registerApiCommand(program: Command): void {
  const command = program
    .command("api")
    .description(
      "Run the admin API (agent jobs, static export, bundle links) with its background workers.",
    )
    .addHelpText(
      "after",
      `
Every option can also be set with the environment variable named beside it; a flag
wins over its variable. Also read from the environment only:
  QUIRE_SECRET_KEY     signs bundle links and encrypts forge tokens (default: the
                       file secret.key in the data dir, made on first start)
  QUIRE_AGENT_PROVIDER, QUIRE_AGENT_MODEL, QUIRE_AGENT_BASE_URL, QUIRE_AGENT_API_KEY
                       the model of agent jobs and of cloud projects' readers'
                       assistant (openai, anthropic, openai-compatible)

Besides the API it serves the web dashboard at /dashboard (its users are made with
\`quire users create\`), GET /openapi.json, /healthz, /readyz and /metrics.
Organizations, projects and keys are made with \`quire orgs|projects|keys\` on the
same --data-dir, also while the server runs.

Examples:
  quire api                                   # http://127.0.0.1:8080, data in ./.quire
  quire api --host 0.0.0.0 --port 443 --tls-cert cert.pem --tls-key key.pem
  quire api --no-workers                      # HTTP only; run \`quire worker\` elsewhere

Stops gracefully on SIGTERM or Ctrl-C: takes no new work and hands running jobs back.`,
    );
  addSettingOptions(command, API_SETTINGS).action(async (flags: Record<string, unknown>) => {
    process.exitCode = await runApi(configFromFlags(flags, API_SETTINGS));
  });
}

async function runApi(config: ReturnType<typeof configFromFlags>): Promise<number> {
  let https: { cert: Buffer; key: Buffer } | undefined;
  if (config.tlsCert && config.tlsKey) {
    try {
      https = { cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey) };
    } catch (error) {
      throw new UsageError(`cannot read the TLS certificate or key: ${(error as Error).message}`);
    }
  }
  // Loaded here, not at start-up: the other commands need none of the server.
  const [{ buildApp }, { linkBaseWarning }, { openInstallation }] = await Promise.all([
    import("../http/app.ts"),
    import("../http/link-base.ts"),
    import("../installation/index.ts"),
  ]);
  const installation = await openInstallation(config, {
    workers: config.workers ? {} : undefined,
  });
  const { context, runner } = installation;
  const app = await buildApp(installation.services, { https });

  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // Nothing started yet but the installation: closed, so the process ends with the one line.
    await app.close().catch(() => undefined);
    await installation.close();
    throw listenError(error, {
      host: config.host,
      port: config.port,
      option: "--port",
      variable: "QUIRE_PORT",
    });
  }
  await runner?.start();
  context.logger.info(
    {
      address,
      dataDir: config.dataDirPath,
      database: context.database.location,
      storage: context.store.location,
      workers: Boolean(runner),
    },
    "Quire API listening",
  );
  if (!config.publicUrl) context.logger.warn(linkBaseWarning(address, config.host));
  process.stderr.write(
    `Quire API listening on ${address} (data: ${config.dataDirPath}${runner ? "" : ", no workers"})\n`,
  );

  return new Promise<number>((resolve) => {
    onStopRequest(async (reason) => {
      context.logger.info(
        { reason },
        "stopping: no new requests or jobs; running jobs finish or are handed back",
      );
      try {
        await app.close();
        await installation.close();
        resolve(0);
      } catch (error) {
        context.logger.error({ err: error }, "stopping failed");
        resolve(1);
      }
    }, context.logger);
  });
}
