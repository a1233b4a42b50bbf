import assert from "node:assert";
import { Command } from "commander";
import { SETTINGS, type SettingName } from "../config/settings.ts";
import { ConfigError } from "../domain/errors.ts";
import { registerApiCommand } from "./api.ts";
import { registerExportCommand } from "./export.ts";
import { registerRemoteCommand } from "./remote.ts";
import { registerServeCommand } from "./serve.ts";

/**
 * The README's tables of settings, written from SETTINGS and from the flags the commands
 * really offer, so that the README cannot fall behind either. Each table sits between
 * `<!-- settings-table: NAME -->` and `<!-- /settings-table: NAME -->` in README.md.
 */
export const README_TABLES: Record<string, { command: string; settings: readonly SettingName[] }> =
  {
    api: {
      command: "api",
      settings: [
        "host",
        "port",
        "dataDir",
        "databaseUrl",
        "databasePoolSize",
        "storageUrl",
        "awsRegion",
        "publicUrl",
        "trustProxy",
        "tlsCert",
        "tlsKey",
        "secretKey",
        "bundleLinkTtlSeconds",
        "workers",
        "exportConcurrency",
        "agentConcurrency",
        "exportMemoryMb",
        "exportAllowHosts",
        "exportFeedbackUrl",
        "exportCleanUrls",
        "exportCacheMaxMb",
        "jobLeaseSeconds",
        "shutdownGraceSeconds",
        "logLevel",
        "agentProvider",
        "agentModel",
        "agentBaseUrl",
        "agentApiKey",
        "assistantPerMinute",
        "assistantTimeoutSeconds",
        "agentMaxSteps",
        "agentTimeoutSeconds",
        "agentTokenBudget",
        "agentModelRetries",
        "agentFixRounds",
        "agentGitAuthor",
        "forgeToken",
        "userPassword",
      ],
    },
    serve: {
      command: "serve",
      settings: [
        "servePort",
        "serveHost",
        "serveDataDir",
        "serveKeep",
        "serveProxyAllowHosts",
        "trustProxy",
        "logLevel",
        "agentProvider",
        "agentModel",
        "agentBaseUrl",
        "agentApiKey",
        "assistantPerMinute",
        "assistantTimeoutSeconds",
        "staticExportEnabled",
        "staticExportBundleUrl",
        "staticExportVersion",
        "staticExportSha256",
      ],
    },
    remote: { command: "remote", settings: ["remoteUrl", "remoteApiKey"] },
    export: { command: "export", settings: ["exportCacheMaxMb"] },
  };

/** Every long flag a command or any of its subcommands offers. */
function flagsOf(command: Command): Set<string> {
  const flags = new Set<string>();
  for (const option of command.options) if (option.long) flags.add(option.long);
  for (const sub of command.commands) for (const flag of flagsOf(sub)) flags.add(flag);
  return flags;
}

/** The commands the tables describe, registered as `quire` registers them (nothing runs). */
function commandFlags(name: string): Set<string> {
  const program = new Command("quire");
  registerApiCommand(program);
  registerServeCommand(program);
  registerRemoteCommand(program);
  registerExportCommand(program);
  const command = program.commands.find((each) => each.name() === name);
  assert(command, `README_TABLES names the command "${name}", which quire registers`);
  return flagsOf(command);
}

/** Text in a table cell: a `|` would end the cell, a `<` could start an HTML tag. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll("\n", " ");
}

function defaultOf(name: SettingName): string {
  const setting: { default: unknown; defaultText?: string } = SETTINGS[name];
  if (setting.defaultText !== undefined) return cell(setting.defaultText);
  const value = setting.default;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return "none";
  return `\`${String(value)}\``;
}

/** One table: a row per setting with its flag (when the command has it), variable and default. */
export function settingsTable(table: {
  command: string;
  settings: readonly SettingName[];
}): string {
  const offered = commandFlags(table.command);
  const rows = table.settings.map((name) => {
    const setting = SETTINGS[name];
    const flag = offered.has(setting.flag) ? `\`${setting.flag}\`` : "(variable only)";
    return `| ${flag} | \`${setting.env}\` | ${defaultOf(name)} | ${cell(setting.doc)} |`;
  });
  return ["| Option | Variable | Default | Meaning |", "|---|---|---|---|", ...rows].join("\n");
}

/** The README with every marked table written afresh; an unknown or unclosed marker is an error. */
export function withSettingsTables(readme: string): string {
  let text = readme;
  for (const [name, table] of Object.entries(README_TABLES)) {
    const open = `<!-- settings-table: ${name} -->`;
    const close = `<!-- /settings-table: ${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start)
      throw new ConfigError(`README.md has no ${open} … ${close} section to write the table into`);
    text = `${text.slice(0, start + open.length)}\n${settingsTable(table)}\n${text.slice(end)}`;
  }
  return text;
}
