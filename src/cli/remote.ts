import type { Command } from "commander";
import { registerAgentCommands } from "./remote/agent-commands.ts";
import { registerExportCommand } from "./remote/export-command.ts";
import { ENVIRONMENT_HELP } from "./remote/options.ts";

/**
 * `quire remote`: the API as a client, from QUIRE_URL and QUIRE_API_KEY. Each subcommand is
 * registered by its own function (remote/agent-commands.ts, remote/export-command.ts); a run
 * goes through remote/session.ts, which turns every outcome into an exit code.
 */
export function registerRemoteCommand(program: Command): void {
  const remote = program
    .command("remote")
    .description(
      "Use a Quire API as a client, from QUIRE_URL and QUIRE_API_KEY: agent jobs and static exports.",
    )
    .addHelpText(
      "after",
      `
Examples:
  export QUIRE_URL=https://quire.example.com QUIRE_API_KEY=quire_...
  quire remote agent create prj_123 "Document the /users endpoint" --wait
  quire remote agent list prj_123 --status failed --all --json
  quire remote export docs.example.com -o site.tar.gz
${ENVIRONMENT_HELP}`,
    );
  const agent = remote
    .command("agent")
    .description("Agent jobs of a project: create, get, list, message, archive.")
    .addHelpText("after", ENVIRONMENT_HELP);
  registerAgentCommands(agent);
  registerExportCommand(remote);
}
