import { isIP } from "node:net";
import path from "node:path";
import { ConfigError } from "../domain/errors.ts";
import { DEFAULT_BUNDLE_LINK_TTL_SECONDS } from "../domain/static-export-job.ts";
import { allowedHostProblem, DEFAULT_EXPORT_MEMORY_MB } from "../exporter/index.ts";
import {
  BUNDLE_VERSION_RULE,
  isBundleVersion,
  normalizedSha256,
  quoted,
  SHA256_RULE,
} from "./bundle-pins.ts";

/**
 * One setting of the server and the admin commands: where it comes from (a flag, then an
 * environment variable, then the default), what it means, and how its text is read.
 */
interface Setting<T> {
  flag: string;
  env: string;
  doc: string;
  /** What the flag's value is, in its help: `--port <PORT>`. */
  value?: string;
  /** The default in words, for help texts, when it is not a plain value. */
  defaultText?: string;
  example: string;
  default: T;
  parse: (text: string, name: string) => T;
}

function text(value: string): string {
  return value;
}
function optionalText(value: string): string | undefined {
  return value === "" ? undefined : value;
}
function integer(min: number, max: number) {
  return (value: string, name: string): number => {
    const number = Number(value);
    if (
      !/^\d+$/.test(value.trim()) ||
      !Number.isSafeInteger(number) ||
      number < min ||
      number > max
    ) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
    }
    return number;
  };
}
function httpUrl(value: string, name: string): string | undefined {
  if (value === "") return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ConfigError(`${name} must be an http(s) URL, not "${value}"`);
  return value.replace(/\/+$/, "");
}
function oneOfText(choices: readonly string[]) {
  return (value: string, name: string): string => {
    if (choices.includes(value)) return value;
    throw new ConfigError(`${name} must be one of ${choices.join(", ")}, not "${value}"`);
  };
}
function gitAuthor(value: string, name: string): string {
  if (!/^[^<>\n]+ <[^<>\s]+@[^<>\s]+>$/.test(value.trim()))
    throw new ConfigError(`${name} must look like "Name <email@example.com>", not "${value}"`);
  return value.trim();
}
/** A feedback collector: an absolute http(s) URL, or a path of the server the site is served from. */
function feedbackCollector(value: string, name: string): string | undefined {
  if (value === "") return undefined;
  if (/^\/(?!\/)[^\s?#]*$/.test(value)) return value;
  return absoluteHttpUrl(value, name);
}
function absoluteHttpUrl(value: string, name: string): string | undefined {
  if (value === "") return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new ConfigError(`${name} must be an absolute http(s) URL, not "${value}"`);
  return value;
}
function sha256Digest(value: string, name: string): string | undefined {
  if (value === "") return undefined;
  const digest = normalizedSha256(value);
  if (!digest) throw new ConfigError(`${name} must be ${SHA256_RULE}, not ${quoted(value)}`);
  return digest;
}
function bundleVersion(value: string, name: string): string | undefined {
  if (value === "") return undefined;
  if (!isBundleVersion(value))
    throw new ConfigError(`${name} "${value}" must be ${BUNDLE_VERSION_RULE}`);
  return value;
}
function hostList(value: string, name: string): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = allowedHostProblem(entry);
    if (problem) throw new ConfigError(`${name}: "${entry}" ${problem}`);
  }
  return entries;
}
function boolean(value: string, name: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

/**
 * `--trust-proxy`: the reverse proxies whose X-Forwarded-For may name the client's address:
 * addresses, CIDRs or `loopback`, `linklocal`, `uniquelocal`, separated by commas; empty is
 * off. Trusting every sender (`true`) or a hop count is refused: either would believe a client
 * that connects directly and sends the header itself, and so let it choose the address the
 * sign-in throttle and the logs see.
 */
function trustedProxies(value: string, name: string): readonly string[] | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || /^(false|off|no)$/i.test(trimmed)) return undefined;
  if (/^(true|yes|on|all|\*|\d+)$/i.test(trimmed))
    throw new ConfigError(
      `${name} must name the proxies by address or CIDR (10.0.0.0/8, loopback), not "${value}": a hop count or "trust all" would believe any client that connects directly`,
    );
  const entries = trimmed.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyEntry(entry))
      throw new ConfigError(
        `${name} must list addresses, CIDRs (10.0.0.0/8), loopback, linklocal or uniquelocal; "${entry}" is none of these`,
      );
  }
  return Object.freeze(entries);
}
function isProxyEntry(entry: string): boolean {
  if (entry === "loopback" || entry === "linklocal" || entry === "uniquelocal") return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The levels of `--log-level`, most severe first. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Every setting of every command: `quire api`, `quire worker`, the admin commands, `quire serve`, `quire remote`. */
export const SETTINGS = {
  host: {
    flag: "--host",
    env: "QUIRE_HOST",
    value: "HOST",
    doc: "address to listen on",
    example: "0.0.0.0",
    default: "127.0.0.1",
    parse: text,
  },
  port: {
    flag: "--port",
    env: "QUIRE_PORT",
    value: "PORT",
    doc: "port to listen on (0: any free port)",
    example: "8080",
    default: 8080,
    parse: integer(0, 65535),
  },
  dataDir: {
    flag: "--data-dir",
    env: "QUIRE_DATA_DIR",
    value: "DIR",
    doc: "folder for the database, stored bundles, caches and the secret key",
    example: "/var/lib/quire",
    default: "./.quire",
    parse: text,
  },
  publicUrl: {
    flag: "--public-url",
    env: "QUIRE_PUBLIC_URL",
    value: "URL",
    doc: "public base URL of the API, used in presigned bundle links, invitation links and the readers' assistant address of cloud projects' exports",
    defaultText: "the server's own address, never the Host header",
    example: "https://quire.example.com",
    default: undefined,
    parse: httpUrl,
  },
  tlsCert: {
    flag: "--tls-cert",
    env: "QUIRE_TLS_CERT",
    value: "FILE",
    doc: "PEM certificate file: serve HTTPS",
    example: "/etc/quire/tls.crt",
    default: undefined,
    parse: optionalText,
  },
  tlsKey: {
    flag: "--tls-key",
    env: "QUIRE_TLS_KEY",
    value: "FILE",
    doc: "PEM private key file for --tls-cert",
    example: "/etc/quire/tls.key",
    default: undefined,
    parse: optionalText,
  },
  trustProxy: {
    flag: "--trust-proxy",
    env: "QUIRE_TRUST_PROXY",
    value: "PROXIES",
    doc: "addresses or CIDRs (comma-separated; or loopback) of the reverse proxies in front, whose X-Forwarded-For then names the client: to quire api's sign-in throttle, assistant limit and logs, to quire serve's per-reader limits (assistant, feedback)",
    defaultText: "off: X-Forwarded-For is ignored",
    example: "10.0.0.0/8,loopback",
    default: undefined,
    parse: trustedProxies,
  },
  databaseUrl: {
    flag: "--database-url",
    env: "QUIRE_DATABASE_URL",
    value: "URL",
    doc: "the database: an SQLite file path or sqlite:// URL, or PostgreSQL as postgres://USER:PASSWORD@HOST:5432/DB",
    defaultText: "quire.db in the data dir",
    example: "postgres://quire@db.internal:5432/quire",
    default: undefined,
    parse: optionalText,
  },
  databasePoolSize: {
    flag: "--database-pool-size",
    env: "QUIRE_DATABASE_POOL_SIZE",
    value: "N",
    doc: "PostgreSQL connections this process keeps open at most",
    example: "10",
    default: 10,
    parse: integer(1, 200),
  },
  storageUrl: {
    flag: "--storage-url",
    env: "QUIRE_STORAGE_URL",
    value: "URL",
    doc: "object storage for bundles: a folder path, a file:// URL, or S3 as s3://BUCKET/PREFIX?region=R&endpoint=URL&forcePathStyle=true (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile or a role)",
    defaultText: "objects/ in the data dir",
    example: "s3://acme-quire/bundles?region=eu-west-1",
    default: undefined,
    parse: optionalText,
  },
  workers: {
    flag: "--no-workers",
    env: "QUIRE_WORKERS",
    doc: "serve HTTP only and run no background jobs in this process (run `quire worker` elsewhere)",
    example: "false",
    default: true,
    parse: boolean,
  },
  bundleLinkTtlSeconds: {
    flag: "--bundle-link-ttl",
    env: "QUIRE_BUNDLE_LINK_TTL",
    value: "SECONDS",
    doc: "how long a bundle link works",
    example: "900",
    default: DEFAULT_BUNDLE_LINK_TTL_SECONDS,
    parse: integer(1, 7 * 24 * 3600),
  },
  secretKey: {
    flag: "--secret-key-env-only",
    env: "QUIRE_SECRET_KEY",
    doc: "key that signs links and encrypts forge tokens",
    defaultText: "secret.key in the data dir, made on first start",
    example: "a long random string",
    default: undefined,
    parse: optionalText,
  },
  exportConcurrency: {
    flag: "--export-concurrency",
    env: "QUIRE_EXPORT_CONCURRENCY",
    value: "N",
    doc: "export jobs run at once by this process",
    example: "2",
    default: 1,
    parse: integer(1, 64),
  },
  exportMemoryMb: {
    flag: "--export-memory",
    env: "QUIRE_EXPORT_MEMORY",
    value: "MB",
    doc: "heap of an export job's process and of each of its threads, in MB; a job that needs more fails with a message while the server carries on",
    example: "4096",
    default: DEFAULT_EXPORT_MEMORY_MB,
    parse: integer(64, 1024 * 1024),
  },
  agentConcurrency: {
    flag: "--agent-concurrency",
    env: "QUIRE_AGENT_CONCURRENCY",
    value: "N",
    doc: "agent jobs run at once by this process",
    example: "4",
    default: 2,
    parse: integer(1, 64),
  },
  jobLeaseSeconds: {
    flag: "--job-lease",
    env: "QUIRE_JOB_LEASE",
    value: "SECONDS",
    doc: "how long a running job stays claimed without a heartbeat before another worker takes it over",
    example: "30",
    default: 30,
    parse: integer(2, 3600),
  },
  shutdownGraceSeconds: {
    flag: "--shutdown-grace",
    env: "QUIRE_SHUTDOWN_GRACE",
    value: "SECONDS",
    doc: "how long a stopping process waits for running jobs before handing them back",
    example: "10",
    default: 10,
    parse: integer(0, 3600),
  },
  exportAllowHosts: {
    flag: "--export-allow-hosts",
    env: "QUIRE_EXPORT_ALLOW_HOSTS",
    value: "HOSTS",
    doc: "private hosts exports may fetch OpenAPI specifications and AsyncAPI documents (and their `$ref`s) from: comma-separated host names, IP addresses, CIDR ranges",
    defaultText: "none: public hosts only",
    example: "specs.internal,10.20.0.0/16",
    default: [] as string[],
    parse: hostList,
  },
  exportFeedbackUrl: {
    flag: "--export-feedback-url",
    env: "QUIRE_EXPORT_FEEDBACK_URL",
    value: "URL",
    doc: 'where exported pages post "Was this page helpful?" answers: an http(s) URL, or /_quire/feedback for quire serve to keep them',
    defaultText: "none: pages ask nothing",
    example: "/_quire/feedback",
    default: undefined as string | undefined,
    parse: feedbackCollector,
  },
  exportCleanUrls: {
    flag: "--export-clean-urls",
    env: "QUIRE_EXPORT_CLEAN_URLS",
    value: "BOOLEAN",
    doc: "write exported pages as PATH/index.html, which any static host serves at /PATH, instead of PATH.html",
    example: "true",
    default: false,
    parse: boolean,
  },
  exportCacheMaxMb: {
    flag: "--cache-max",
    env: "QUIRE_EXPORT_CACHE_MAX",
    value: "MB",
    doc: "size of the export cache, in MB (quire export's, or the data dir's for export jobs), beyond which the least recently used entries are removed",
    example: "4096",
    default: 1024,
    parse: integer(1, 1024 * 1024),
  },
  logLevel: {
    flag: "--log-level",
    env: "QUIRE_LOG_LEVEL",
    value: "LEVEL",
    doc: `log detail: ${LOG_LEVELS.join(", ")}`,
    example: "debug",
    default: "info",
    parse: oneOfText(LOG_LEVELS),
  },
  agentProvider: {
    flag: "--agent-provider",
    env: "QUIRE_AGENT_PROVIDER",
    value: "PROVIDER",
    doc: "model provider of agent jobs and of the readers' assistant (`quire serve`, and `quire api` for cloud projects): openai, anthropic or openai-compatible",
    example: "openai-compatible",
    default: undefined,
    parse: optionalText,
  },
  agentModel: {
    flag: "--agent-model",
    env: "QUIRE_AGENT_MODEL",
    value: "MODEL",
    doc: "model name of agent jobs and of the readers' assistant",
    example: "qwen2.5-coder:32b",
    default: undefined,
    parse: optionalText,
  },
  agentBaseUrl: {
    flag: "--agent-base-url",
    env: "QUIRE_AGENT_BASE_URL",
    value: "URL",
    doc: "model endpoint (openai-compatible: Ollama, vLLM, LM Studio, a gateway)",
    example: "http://127.0.0.1:11434/v1",
    default: undefined,
    parse: httpUrl,
  },
  agentApiKey: {
    flag: "--agent-api-key-env-only",
    env: "QUIRE_AGENT_API_KEY",
    doc: "API key of the model provider",
    example: "sk-...",
    default: undefined,
    parse: optionalText,
  },
  agentMaxSteps: {
    flag: "--agent-max-steps",
    env: "QUIRE_AGENT_MAX_STEPS",
    doc: "model steps (calls) one agent run may take before it fails",
    example: "60",
    default: 40,
    parse: integer(1, 1000),
  },
  agentTimeoutSeconds: {
    flag: "--agent-timeout",
    env: "QUIRE_AGENT_TIMEOUT",
    doc: "seconds one agent run may take before it fails",
    example: "1800",
    default: 900,
    parse: integer(1, 24 * 3600),
  },
  agentTokenBudget: {
    flag: "--agent-token-budget",
    env: "QUIRE_AGENT_TOKEN_BUDGET",
    doc: "input and output tokens one agent run may use before it fails",
    example: "1000000",
    default: 400_000,
    parse: integer(100, 100_000_000),
  },
  agentModelRetries: {
    flag: "--agent-model-retries",
    env: "QUIRE_AGENT_MODEL_RETRIES",
    doc: "times a failed model call (network, 429, 5xx) is retried with back-off before the job fails",
    example: "5",
    default: 3,
    parse: integer(0, 10),
  },
  agentFixRounds: {
    flag: "--agent-fix-rounds",
    env: "QUIRE_AGENT_FIX_ROUNDS",
    doc: "times the model is shown the errors its change introduced and asked to fix them",
    example: "3",
    default: 2,
    parse: integer(0, 10),
  },
  agentGitAuthor: {
    flag: "--agent-git-author",
    env: "QUIRE_AGENT_GIT_AUTHOR",
    doc: "author of the agent's commits, as Name <email>",
    example: "Docs Bot <docs-bot@example.com>",
    default: "Quire Agent <agent@quire.invalid>",
    parse: gitAuthor,
  },
  forgeToken: {
    flag: "--forge-token-env-only",
    env: "QUIRE_FORGE_TOKEN",
    doc: "forge token for `quire projects create` (never an argument)",
    example: "ghp_...",
    default: undefined,
    parse: optionalText,
  },
  userPassword: {
    flag: "--user-password-env-only",
    env: "QUIRE_USER_PASSWORD",
    doc: "password of the dashboard user `quire users create` makes (never an argument; else it asks on the terminal)",
    example: "a long passphrase",
    default: undefined,
    parse: optionalText,
  },
  servePort: {
    flag: "--port",
    env: "QUIRE_SERVE_PORT",
    value: "PORT",
    doc: "port `quire serve` listens on (0: any free port)",
    example: "8080",
    default: 3000,
    parse: integer(0, 65535),
  },
  serveHost: {
    flag: "--host",
    env: "QUIRE_SERVE_HOST",
    value: "HOST",
    doc: "address `quire serve` listens on (0.0.0.0: every interface)",
    example: "0.0.0.0",
    default: "127.0.0.1",
    parse: text,
  },
  serveDataDir: {
    flag: "--data-dir",
    env: "QUIRE_SERVE_DATA_DIR",
    value: "DIR",
    doc: "where `quire serve` keeps the versions it unpacked and the feedback it counted",
    example: "/data",
    default: "./.quire-serve",
    parse: text,
  },
  serveProxyAllowHosts: {
    flag: "--proxy-allow-hosts",
    env: "QUIRE_SERVE_PROXY_ALLOW_HOSTS",
    value: "HOSTS",
    doc: "private hosts the API playground's proxy in `quire serve` may send to (it only ever sends to the servers of the site's specifications): comma-separated host names, IP addresses, CIDR ranges",
    defaultText: "none: public hosts only",
    example: "api.internal,10.20.0.0/16",
    default: [] as string[],
    parse: hostList,
  },
  serveKeep: {
    flag: "--keep",
    env: "QUIRE_SERVE_KEEP",
    value: "N",
    doc: "versions `quire serve` keeps for --rollback",
    example: "5",
    default: 3,
    parse: integer(1, 100),
  },
  assistantPerMinute: {
    flag: "--assistant-per-minute",
    env: "QUIRE_ASSISTANT_PER_MINUTE",
    value: "N",
    doc: "questions one reader address may ask the readers' assistant per minute (`quire serve`; `quire api` for cloud projects, counted per process)",
    example: "20",
    default: 10,
    parse: integer(1, 10_000),
  },
  assistantTimeoutSeconds: {
    flag: "--assistant-timeout",
    env: "QUIRE_ASSISTANT_TIMEOUT",
    value: "SECONDS",
    doc: "seconds one answer of the readers' assistant (`quire serve`, `quire api`) may take before it is cut off",
    example: "30",
    default: 60,
    parse: integer(1, 600),
  },
  staticExportEnabled: {
    flag: "--static-export-enabled-env-only",
    env: "QUIRE_STATIC_EXPORT_ENABLED",
    doc: "overrides the values file's staticExport.enabled",
    defaultText: "the values file's",
    example: "true",
    default: undefined,
    parse: boolean,
  },
  staticExportBundleUrl: {
    flag: "--static-export-bundle-url-env-only",
    env: "QUIRE_STATIC_EXPORT_BUNDLE_URL",
    doc: "overrides the values file's staticExport.bundleUrl",
    defaultText: "the values file's",
    example: "https://quire.example.com/downloads/exports/...",
    default: undefined,
    parse: absoluteHttpUrl,
  },
  staticExportVersion: {
    flag: "--static-export-version-env-only",
    env: "QUIRE_STATIC_EXPORT_VERSION",
    doc: "overrides the values file's staticExport.version",
    defaultText: "the values file's",
    example: "2026.11.1",
    default: undefined,
    parse: bundleVersion,
  },
  staticExportSha256: {
    flag: "--static-export-sha256-env-only",
    env: "QUIRE_STATIC_EXPORT_SHA256",
    doc: "overrides the values file's staticExport.sha256",
    defaultText: "the values file's",
    example: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    default: undefined,
    parse: sha256Digest,
  },
  awsRegion: {
    flag: "--aws-region-env-only",
    env: "AWS_REGION",
    doc: "region of an s3:// storage URL that names none",
    defaultText: "us-east-1",
    example: "eu-west-1",
    default: undefined,
    parse: optionalText,
  },
  remoteUrl: {
    flag: "--remote-url",
    env: "QUIRE_URL",
    value: "URL",
    doc: "base URL of the Quire API that `quire remote` calls",
    example: "https://quire.example.com",
    default: undefined,
    parse: httpUrl,
  },
  remoteApiKey: {
    flag: "--remote-api-key-env-only",
    env: "QUIRE_API_KEY",
    doc: "API key `quire remote` sends (from `quire keys create`; never an argument)",
    example: "quire_...",
    default: undefined,
    parse: optionalText,
  },
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<K extends SettingName> =
  | ReturnType<(typeof SETTINGS)[K]["parse"]>
  | (typeof SETTINGS)[K]["default"];

/** The resolved, frozen configuration handed to every part of Quire. */
export type Config = { readonly [K in SettingName]: ValueOf<K> } & {
  /** Absolute data folder. */
  readonly dataDirPath: string;
};

/**
 * Resolves every setting: a flag given on the command line wins, then the environment
 * variable, then the default. Errors name the flag or variable and the value.
 */
export function resolveConfig(
  flags: Partial<Record<SettingName, string | boolean>>,
  environment: NodeJS.ProcessEnv = process.env,
): Config {
  const resolved: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS) as [SettingName, Setting<unknown>][]) {
    const flag = flags[name];
    if (flag !== undefined && flag !== null) {
      resolved[name] = typeof flag === "boolean" ? flag : setting.parse(String(flag), setting.flag);
      continue;
    }
    const fromEnvironment = environment[setting.env];
    resolved[name] =
      fromEnvironment !== undefined && fromEnvironment !== ""
        ? setting.parse(fromEnvironment, setting.env)
        : setting.default;
  }
  if (Boolean(resolved.tlsCert) !== Boolean(resolved.tlsKey)) {
    throw new ConfigError("--tls-cert and --tls-key go together: give both or neither");
  }
  resolved.dataDirPath = path.resolve(String(resolved.dataDir));
  return Object.freeze(resolved) as Config;
}
