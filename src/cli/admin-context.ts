import type { Command } from "commander";
import pino from "pino";
import { createServices, openContext, type Services } from "../services/index.ts";
import { addSettingOptions, configFromFlags, DATA_SETTINGS } from "./settings-options.ts";

/** Adds `--data-dir` and `--database-url` (the same as `quire api`) to an admin command. */
export function withDataOptions(command: Command): Command {
  return addSettingOptions(command, ["dataDir", "databaseUrl"]);
}

/**
 * Opens the installation for one admin command and closes it afterwards. Works while
 * `quire api` runs on the same data dir: SQLite serializes the writers.
 */
export async function withServices<T>(
  flags: Record<string, unknown>,
  work: (services: Services) => Promise<T>,
): Promise<T> {
  const config = configFromFlags(flags, DATA_SETTINGS);
  const context = await openContext(config, {
    logger: pino({ level: "warn" }, pino.destination(2)),
  });
  try {
    return await work(createServices(context));
  } finally {
    await context.close();
  }
}

/** Prints JSON (for scripts) or aligned text (for people). */
export function print(json: boolean, value: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
}

/** A table of rows as aligned columns. */
export function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return "(none)";
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}
