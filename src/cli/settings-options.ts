import { type Command, Option } from "commander";
import { type Config, resolveConfig, SETTINGS, type SettingName } from "../config/settings.ts";
import { ConfigError } from "../domain/errors.ts";
import { UsageError } from "./usage-error.ts";

/** Adds the flags of these settings to a command, each with its doc and environment variable. */
export function addSettingOptions(command: Command, names: readonly SettingName[]): Command {
  for (const name of names) {
    const setting: (typeof SETTINGS)[SettingName] & { value?: string; defaultText?: string } =
      SETTINGS[name];
    if (setting.flag.endsWith("-env-only")) continue;
    if (setting.flag.startsWith("--no-")) {
      // A switch: `--no-workers` is the environment variable set to false.
      command.addOption(new Option(setting.flag, `${setting.doc} (${setting.env}=false)`));
      continue;
    }
    const fallback = setting.defaultText ?? setting.default;
    command.addOption(
      new Option(
        `${setting.flag} <${setting.value ?? "VALUE"}>`,
        `${setting.doc} (${setting.env}${fallback === undefined ? "" : `; default ${String(fallback)}`})`,
      ),
    );
  }
  return command;
}

/** The resolved configuration from a command's parsed flags and the environment. */
export function configFromFlags(
  flags: Record<string, unknown>,
  names: readonly SettingName[],
): Config {
  const given: Partial<Record<SettingName, string | boolean>> = {};
  for (const name of names) {
    // Commander names a value after its flag (`--bundle-link-ttl` → bundleLinkTtl), not after the setting.
    const value = flags[flagAttribute(name)];
    // Commander gives `--no-workers` a default of true; only an explicit false counts as given.
    if (name === "workers") {
      if (value === false) given.workers = false;
      continue;
    }
    if (typeof value === "string" || typeof value === "boolean") given[name] = value;
  }
  try {
    return resolveConfig(given);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** The property Commander stores a setting's flag under. */
function flagAttribute(name: SettingName): string {
  return new Option(SETTINGS[name].flag).attributeName();
}

/** Settings every command that opens the installation takes. */
export const DATA_SETTINGS: readonly SettingName[] = [
  "dataDir",
  "databaseUrl",
  "databasePoolSize",
  "storageUrl",
  "logLevel",
];
