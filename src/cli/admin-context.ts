import type { Command } from "commander";
import { ConfigError } from "../domain/errors.ts";
import { normalizeDomain } from "../domain/project.ts";
import type { Services } from "../services/index.ts";
import { addSettingOptions, configFromFlags, DATA_SETTINGS } from "./settings-options.ts";
import { UsageError } from "./usage-error.ts";

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
  const [{ default: pino }, { openInstallation }] = await Promise.all([
    import("pino"),
    import("../installation/index.ts"),
  ]);
  const installation = await openInstallation(config, {
    logger: pino({ level: "warn" }, pino.destination(2)),
  });
  try {
    return await work(installation.services);
  } finally {
    await installation.close();
  }
}

/** Checks the organization an `--org` flag names, so that the error names the flag. */
export async function checkOrgFlag(services: Services, orgId: string | undefined): Promise<void> {
  if (orgId === undefined) return;
  try {
    await services.admin.getOrganization(orgId);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`--org: ${error.message}`);
    throw error;
  }
}

/**
 * Checks that no project (but `exceptProjectId`, the one being changed) has the domain a
 * `--domain` flag names yet, so that the error names the flag. (Creating or changing the
 * project checks again, atomically.)
 */
export async function checkDomainFlag(
  services: Services,
  domain: string,
  exceptProjectId?: string,
): Promise<void> {
  const normalized = normalizeDomain(domain);
  if (normalized === null) return;
  const owner = (await services.admin.listProjects()).find(
    (project) => project.domain === normalized && project.id !== exceptProjectId,
  );
  if (owner)
    throw new UsageError(
      `--domain: ${normalized} already belongs to project ${owner.id}: each domain names one project`,
    );
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
