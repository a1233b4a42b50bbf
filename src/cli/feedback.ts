import path from "node:path";
import type { Command } from "commander";
import type { SettingName } from "../config/settings.ts";
import { addSettingOptions, configFromFlags } from "./settings-options.ts";

/** The settings `quire feedback` takes: the data dir of the `quire serve` that kept the answers. */
const FEEDBACK_SETTINGS: readonly SettingName[] = ["serveDataDir"];

export function registerFeedbackCommand(program: Command): void {
  const command = program
    .command("feedback")
    .description(
      'Print the answers readers gave to "Was this page helpful?" per page, as quire serve kept them (bundles exported with --export-feedback-url /_quire/feedback).',
    )
    .option("--json", 'print [{"page", "helpful", "unhelpful"}] as JSON')
    .addHelpText(
      "after",
      "\nPages with the most unhelpful answers come first. Exit codes: 0 printed, 2 wrong usage.",
    );
  addSettingOptions(command, FEEDBACK_SETTINGS).action(
    async (flags: { json?: boolean } & Record<string, unknown>) => {
      const config = configFromFlags(flags, FEEDBACK_SETTINGS);
      const { FeedbackStore } = await import("../serve/feedback-store.ts");
      const store = FeedbackStore.read(path.resolve(config.serveDataDir));
      const counts = store?.counts() ?? [];
      store?.close();
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`);
        return;
      }
      if (counts.length === 0) {
        process.stdout.write("No feedback yet.\n");
        return;
      }
      const width = Math.max(4, ...counts.map((row) => row.page.length));
      const lines = [
        `${"PAGE".padEnd(width)}  HELPFUL  NOT HELPFUL`,
        ...counts.map(
          (row) =>
            `${row.page.padEnd(width)}  ${String(row.helpful).padStart(7)}  ${String(row.unhelpful).padStart(11)}`,
        ),
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
    },
  );
}
