import { mkdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Command } from "commander";
import pino from "pino";
import type { Config, SettingName } from "../config/settings.ts";
import { CodedError, ConfigError } from "../domain/errors.ts";
import { listenError } from "./listen-error.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";
import { onStopRequest } from "./stop-signals.ts";
import { UsageError } from "./usage-error.ts";
import { ensureWritableFolder } from "./writable-folder.ts";

/** The settings `quire serve` takes, as flags or from the environment. */
const SERVE_SETTINGS: readonly SettingName[] = [
  "servePort",
  "serveHost",
  "serveDataDir",
  "serveKeep",
  "serveProxyAllowHosts",
  "trustProxy",
  "logLevel",
  // The readers' assistant answers with the operator's model, set as for agent jobs by
  // QUIRE_AGENT_PROVIDER, _MODEL, _BASE_URL and _API_KEY (variables only, as for `quire api`).
  "assistantPerMinute",
  "assistantTimeoutSeconds",
];

interface ServeFlags {
  values?: string;
  rollback?: boolean;
}

export function registerServeCommand(program: Command): void {
  const command = program
    .command("serve")
    .description(
      "Serve a static export: a local folder or .tar.gz bundle (PATH), or, for a deployment, the bundle a values file's staticExport.bundleUrl names (download, check, unpack, make it the active version, serve it).",
    )
    .argument(
      "[PATH]",
      "a local export to look at: the folder quire export --out-dir wrote, or a .tar.gz bundle (no values file needed)",
    )
    .option(
      "--values <FILE>",
      "the deployment's values file (YAML) with the staticExport group: enabled, bundleUrl, version, sha256",
    )
    .option(
      "--rollback",
      "serve the version that was active before the current one, without fetching",
    )
    .addHelpText(
      "after",
      `
Examples:
  quire serve ./site                    # a folder written by quire export --out-dir site
  quire serve docs.tar.gz --port 8000   # a bundle, unpacked into a temporary folder
  quire serve --values values.yaml --host 0.0.0.0 --data-dir /data

values.yaml:
  staticExport:
    enabled: true
    bundleUrl: "https://quire.example.com/downloads/...?expires=...&signature=..."
    version: "2026.11.1"     # optional: pin a version; an unpacked pin is served without fetching
    sha256: "9f86d0…"        # optional: the archive's SHA-256 from the bundle call; checked before unpacking

Readers' assistant (Ask AI, for bundles exported with --assistant same-origin): on when the model is
set, as for agent jobs: QUIRE_AGENT_PROVIDER, QUIRE_AGENT_MODEL, QUIRE_AGENT_BASE_URL, QUIRE_AGENT_API_KEY.

Environment overrides: QUIRE_STATIC_EXPORT_ENABLED, QUIRE_STATIC_EXPORT_BUNDLE_URL, QUIRE_STATIC_EXPORT_VERSION,
QUIRE_STATIC_EXPORT_SHA256.
/healthz answers at once; /readyz once a version is active. A failed or expired download keeps
the last good version serving; with no version to serve, quire serve exits 1.

Exit codes: 0 stopped, 1 nothing could be served, 2 wrong usage, setting or values file.`,
    );
  addSettingOptions(command, SERVE_SETTINGS).action(
    async (target: string | undefined, flags: ServeFlags & Record<string, unknown>) => {
      if (target !== undefined && flags.values !== undefined)
        throw new UsageError("give either PATH or --values, not both");
      if (target !== undefined && flags.rollback)
        throw new UsageError("--rollback goes with --values: a local PATH has one version only");
      const config = configFromFlags(flags, SERVE_SETTINGS);
      if (target !== undefined) process.exitCode = await runServeLocal(target, config);
      else if (flags.values !== undefined)
        process.exitCode = await runServe({ ...flags, values: flags.values }, config);
      else
        throw new UsageError(
          "give a local export to serve (a folder or .tar.gz), or --values FILE for a deployment",
        );
    },
  );
}

/** Serves a folder or archive on this machine: no values file, no data dir. */
async function runServeLocal(target: string, config: Config): Promise<number> {
  const [{ LocalSite }, { createStaticServer }, { ApiProxy }, { FeedbackStore }] =
    await Promise.all([
      import("../serve/local-site.ts"),
      import("../serve/static-server.ts"),
      import("../serve/api-proxy.ts"),
      import("../serve/feedback-store.ts"),
    ]);
  const logger = pino({ level: config.logLevel, base: { service: "quire-serve" } });
  const site = await LocalSite.open(target);
  const apiProxy = new ApiProxy({ allowHosts: config.serveProxyAllowHosts });
  // Answers to "Was this page helpful?" are counted in the data dir, as under --values, so
  // quire feedback prints them; the store is made only when a site exported to post here
  // sends one, so looking at an export leaves no folder behind.
  let feedbackStore: import("../serve/feedback-store.ts").FeedbackStore | undefined;
  const feedback = () => {
    feedbackStore ??= FeedbackStore.open(path.resolve(config.serveDataDir));
    return feedbackStore;
  };
  const server = createStaticServer({
    versions: site,
    logger,
    apiProxy,
    feedback,
    trustedProxies: config.trustProxy,
  });
  let shown: string;
  try {
    shown = await listen(server, config);
  } catch (error) {
    site.close();
    throw error;
  }
  process.stderr.write(`Quire serve listening on ${shown} (site: ${site.directory})\n`);
  process.stderr.write(`Serving ${target}: open ${openableUrl(server)} in a browser\n`);
  return new Promise<number>((resolve) => {
    onStopRequest(async () => {
      server.closeIdleConnections();
      await new Promise((done) => server.close(done));
      site.close();
      feedbackStore?.close();
      resolve(0);
    }, logger);
  });
}

/** Listens where the settings say; a port in use or refused is one line naming it. */
async function listen(server: Server, config: Config): Promise<string> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.servePort, config.serveHost, resolve);
    });
  } catch (error) {
    throw listenError(error, {
      host: config.serveHost,
      port: config.servePort,
      option: "--port",
      variable: "QUIRE_SERVE_PORT",
    });
  }
  const address = server.address();
  return typeof address === "object" && address
    ? `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`
    : String(address);
}

/** The address a browser on this machine opens: a wildcard address is not one to browse to. */
function openableUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "localhost"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}/`;
}

async function runServe(flags: ServeFlags & { values: string }, config: Config): Promise<number> {
  const [
    { readValuesFile, valuesOverrides },
    { VersionStore },
    { createStaticServer },
    { removeLeftovers },
    { ApiProxy },
    { FeedbackStore },
  ] = await Promise.all([
    import("../serve/values-file.ts"),
    import("../serve/versions.ts"),
    import("../serve/static-server.ts"),
    import("../serve/leftovers.ts"),
    import("../serve/api-proxy.ts"),
    import("../serve/feedback-store.ts"),
  ]);
  // A mistake in the file is a ConfigError: one line, exit 2.
  const values = readValuesFile(flags.values, valuesOverrides(config));
  const logger = pino({ level: config.logLevel, base: { service: "quire-serve" } });
  // Incomplete model settings are a mistake to report before anything is touched.
  const assistant = await assistantRoute(config, logger);
  const dataDir = path.resolve(config.serveDataDir);
  ensureWritableFolder(dataDir, "the data folder, --data-dir");
  const versions = new VersionStore(dataDir);
  // A serve process killed mid-download or mid-unpack left its temporary files behind.
  const leftovers = removeLeftovers(dataDir);
  if (leftovers.length > 0)
    logger.info({ removed: leftovers }, "removed what interrupted serve processes left behind");

  if (flags.rollback) {
    const previous = versions.rollback();
    if (!previous) {
      process.stderr.write("quire serve: there is no earlier version to roll back to\n");
      return 1;
    }
    process.stderr.write(`Rolled back to version ${previous}\n`);
  } else if (!values.enabled) {
    process.stderr.write(
      `quire serve: staticExport.enabled is not true in ${flags.values}: nothing to serve\n`,
    );
    return 1;
  }

  const apiProxy = new ApiProxy({ allowHosts: config.serveProxyAllowHosts });
  // Readers' answers to "Was this page helpful?", for bundles exported to post them here.
  const feedbackStore = FeedbackStore.open(dataDir);
  const server = createStaticServer({
    versions,
    logger,
    apiProxy,
    assistant,
    feedback: () => feedbackStore,
    trustedProxies: config.trustProxy,
  });
  let shown: string;
  try {
    shown = await listen(server, config);
  } catch (error) {
    feedbackStore.close();
    throw error;
  }
  process.stderr.write(`Quire serve listening on ${shown} (data: ${dataDir})\n`);

  if (!flags.rollback) {
    try {
      const id = await installVersion(values, versions, dataDir, config.serveKeep, logger);
      process.stderr.write(`Serving version ${id}: open ${openableUrl(server)} in a browser\n`);
    } catch (error) {
      const active = versions.active();
      const message = error instanceof Error ? error.message : String(error);
      if (!active) {
        process.stderr.write(
          `quire serve: ${message}\nquire serve: no version to serve: stopping\n`,
        );
        await new Promise((resolve) => server.close(resolve));
        feedbackStore.close();
        return 1;
      }
      logger.error({ err: error }, "the new bundle could not be installed");
      process.stderr.write(
        `quire serve: ${message}\nquire serve: still serving the last good version, ${active.id}\n`,
      );
    }
  }

  return new Promise<number>((resolve) => {
    onStopRequest(async () => {
      server.closeIdleConnections();
      await new Promise((done) => server.close(done));
      feedbackStore.close();
      resolve(0);
    }, logger);
  });
}

/**
 * The readers' assistant: answers with the operator's model when the model settings are
 * complete; without them every question is refused and pages show no "Ask AI" button.
 */
async function assistantRoute(config: Config, logger: pino.Logger) {
  const [{ createAssistantRoute }, { missingAgentSetting }] = await Promise.all([
    import("../serve/assistant-route.ts"),
    import("../config/agent-settings.ts"),
  ]);
  const missing = missingAgentSetting(config);
  if (missing && config.agentProvider)
    // Some model settings but not all: a mistake to report, not a choice.
    throw new ConfigError(missing);
  if (missing)
    logger.info("the readers' assistant is off: no model is set up (QUIRE_AGENT_PROVIDER)");
  return createAssistantRoute({
    // The providers' SDKs load only when there is a model to talk to.
    model: missing ? null : (await import("../agent/model.ts")).createModel(config),
    perMinute: config.assistantPerMinute,
    timeoutSeconds: config.assistantTimeoutSeconds,
    logger,
  });
}

/** Makes the values' bundle the active version: from disk when its pin is unpacked, else downloaded. */
async function installVersion(
  values: { bundleUrl: string | null; version: string | null; sha256: string | null },
  versions: InstanceType<typeof import("../serve/versions.ts").VersionStore>,
  dataDir: string,
  keep: number,
  logger: pino.Logger,
): Promise<string> {
  const [{ fetchBundle }, { unpackBundle, BundleError }, { precompress }, { OWNER }] =
    await Promise.all([
      import("../serve/fetch-bundle.ts"),
      import("../serve/unpack-bundle.ts"),
      import("../serve/precompress.ts"),
      import("../serve/leftovers.ts"),
    ]);
  if (values.version && versions.has(values.version)) {
    versions.activate(values.version, keep);
    logger.info({ version: values.version }, "the pinned version is already unpacked: not fetched");
    return values.version;
  }
  if (!values.bundleUrl)
    throw new CodedError("QUIRE_ERR_SERVE_VERSION_MISSING", { version: String(values.version) });
  const downloads = path.join(dataDir, "downloads");
  mkdirSync(downloads, { recursive: true });
  // Named after this process, so the next start can tell it was abandoned if this one is killed.
  const file = path.join(downloads, `bundle-${OWNER}.tar.gz`);
  try {
    logger.info({ url: values.bundleUrl.split("?")[0] }, "downloading the bundle");
    const fetched = await fetchBundle(values.bundleUrl, file, {
      sha256: values.sha256,
      onProgress: (received, total) =>
        logger.info(
          { received, total },
          total
            ? `downloaded ${Math.round((received / total) * 100)}%`
            : `downloaded ${received} bytes`,
        ),
    });
    const id = values.version ?? fetched.sha256.slice(0, 16);
    if (!versions.has(id)) {
      let compressed = 0;
      // Checked and finished in the staging folder: versions/<id> only ever appears whole, so
      // a process killed midway never leaves a version that a pin would take as unpacked.
      const unpacked = await unpackBundle(file, versions.directoryOf(id), undefined, {
        prepare: (layout, manifest) => {
          if (values.version && manifest.version && manifest.version !== values.version)
            throw new BundleError(
              `the bundle is version ${manifest.version}, but the values pin version ${values.version}: refused`,
            );
          compressed = precompress(layout.site, layout.compressed);
        },
      });
      logger.info(
        { version: id, files: unpacked.files, bytes: unpacked.bytes, compressed },
        "bundle unpacked",
      );
      // Served all the same, but its pages' own inline scripts (theme, search button) will not run.
      if (!Array.isArray((unpacked.manifest as { scriptHashes?: unknown }).scriptHashes))
        process.stderr.write(
          `quire serve: warning: version ${id} lists no inline scripts (scriptHashes in quire-export.json), so its pages' inline scripts are blocked by the Content-Security-Policy: export it again with this Quire\n`,
        );
    }
    versions.activate(id, keep);
    return id;
  } finally {
    rmSync(file, { force: true });
  }
}
