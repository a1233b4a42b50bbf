import type { Command } from "commander";
import { addSettingOptions } from "../settings-options.ts";

export const ENVIRONMENT_HELP = `
Environment:
  QUIRE_URL      base URL of the Quire API, e.g. https://quire.example.com (or --remote-url)
  QUIRE_API_KEY  an API key of the organization, quire_... (from \`quire keys create\`)

Exit codes: 0 completed (or the call succeeded), 1 the job failed or was archived, or the API
refused the call, 2 wrong usage (a missing QUIRE_URL or QUIRE_API_KEY too), 3 --timeout ran
out, 130 interrupted by Ctrl-C (the job keeps running on the server; no partial file is left).`;

/** `--wait` and `--timeout`, shared by the commands that can follow a job. */
export function waitOptions(command: Command): Command {
  return command
    .option("--wait", "follow the job until it ends; the exit code says how it ended")
    .option("--timeout <SECONDS>", "stop waiting after this long and exit 3 (implies --wait)");
}

/** `--json`, `--remote-url`, and the examples and environment in the help. */
export function withRemoteOptions(command: Command, examples: string): Command {
  command.option("--json", "print the result as JSON on stdout (progress stays on stderr)");
  addSettingOptions(command, ["remoteUrl"]);
  return command.addHelpText("after", `\nExamples:\n  ${examples}\n${ENVIRONMENT_HELP}`);
}
