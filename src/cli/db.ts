import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { formatBytes } from "../common/format-bytes.ts";
import { plural } from "../common/plural.ts";
import type { Config } from "../config/settings.ts";
import type { QuireDatabase } from "../db/database.ts";
import { CodedError, ConfigError } from "../domain/errors.ts";
import type { DbCopyReport } from "../services/index.ts";
import type { S3Location, S3Store } from "../storage/s3-store.ts";
import { print, table } from "./admin-context.ts";
import { addSettingOptions, configFromFlags, DATA_SETTINGS } from "./settings-options.ts";
import { UsageError } from "./usage-error.ts";

export function registerDbCommand(program: Command): void {
  const db = program.command("db").description("The installation's database.");
  addSettingOptions(
    db
      .command("copy")
      .description(
        "Copy an embedded installation (SQLite in the data dir) into an empty PostgreSQL database: organizations, projects, keys, jobs and bundles' records; with --storage-to, the archives into S3.",
      )
      .requiredOption(
        "--to <URL>",
        "the target database: postgres://USER:PASSWORD@HOST:5432/DB, created and empty",
      )
      .option(
        "--storage-to <URL>",
        "copy the archives to S3 as well: s3://BUCKET/PREFIX?region=R&endpoint=URL&forcePathStyle=true (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)",
      )
      .option("--json", "print the counts as JSON")
      .addHelpText(
        "after",
        `
The source is the installation --data-dir (or --database-url, --storage-url) names. Stop
\`quire api\` and \`quire worker\` on it first: the copy refuses while jobs are queued or
running, and refuses a target that holds any row. Everything is copied in one transaction:
a failure leaves the target empty. Afterwards run the API with --database-url set to the
target (and --storage-url to the --storage-to location) and the same secret key.`,
      ),
    ["dataDir", "databaseUrl", "storageUrl"],
  ).action(async (flags) => {
    process.exitCode = await runDbCopy(flags);
  });
}

async function runDbCopy(flags: Record<string, unknown>): Promise<number> {
  const config = configFromFlags(flags, DATA_SETTINGS);
  // Loaded here, not when the CLI starts: most commands never copy.
  const [{ isPostgresUrl, openDatabase, sqliteFile }, { parseS3Url, S3Store }] = await Promise.all([
    import("../db/database.ts"),
    import("../storage/s3-store.ts"),
  ]);
  const to = String(flags.to);
  if (!isPostgresUrl(to) || !canParse(to))
    throw new UsageError(
      `--to must be the URL of an empty PostgreSQL database, postgres://USER:PASSWORD@HOST:5432/DB, not "${hidePassword(to)}"`,
    );
  const sourceUrl = config.databaseUrl;
  if (sourceUrl !== undefined && isPostgresUrl(sourceUrl))
    throw new UsageError(
      `the installation already runs on PostgreSQL (${hidePassword(sourceUrl)}): quire db copy copies an embedded (SQLite) installation; move a PostgreSQL database with pg_dump and pg_restore`,
    );
  const sourceFile = sqliteFile(sourceUrl ?? path.join(config.dataDirPath, "quire.db"));
  if (!existsSync(sourceFile))
    throw new UsageError(
      `no embedded installation at ${sourceFile}: name it with --data-dir (or --database-url)`,
    );
  const storageTo = typeof flags.storageTo === "string" ? flags.storageTo : undefined;
  let s3Location: S3Location | undefined;
  if (storageTo !== undefined) {
    if (!/^s3:\/\//i.test(storageTo))
      throw new UsageError(
        `--storage-to must be an S3 location, s3://BUCKET/PREFIX?region=R&endpoint=URL&forcePathStyle=true, not "${storageTo}"`,
      );
    s3Location = parseS3Url(storageTo, "--storage-to", config.awsRegion);
  }

  const [{ default: pino }, { openInstallation }, { copyDatabase }, { LocalFolderStore }] =
    await Promise.all([
      import("pino"),
      import("../installation/index.ts"),
      import("../services/db-copy.ts"),
      import("../storage/local-folder-store.ts"),
    ]);
  const opened: { close(): Promise<void> }[] = [];
  try {
    const installation = await openInstallation(config, {
      logger: pino({ level: "warn" }, pino.destination(2)),
    });
    opened.push(installation);
    const { context } = installation;
    let target: QuireDatabase;
    try {
      target = await openDatabase(to, config.dataDirPath, { poolSize: 2 });
    } catch (error) {
      if (error instanceof ConfigError)
        throw new CodedError(
          "QUIRE_ERR_DB_COPY_FAILED",
          error.message.replace(/^--database-url:/, "--to:"),
          { cause: error },
        );
      throw error;
    }
    opened.push(target);
    let archiveTarget: S3Store | undefined;
    if (s3Location) {
      archiveTarget = new S3Store(s3Location);
      opened.push({ close: () => (archiveTarget as S3Store).close() });
      // A wrong bucket or credentials fail here, before anything is copied.
      await archiveTarget.check();
    }
    const report = await copyDatabase({
      source: context.database,
      sourceStore: context.store,
      target: target,
      archiveTarget,
      onProgress: (line) => process.stderr.write(`${line}\n`),
    });
    print(
      flags.json === true,
      {
        target: report.target,
        tables: Object.fromEntries(report.tables.map(({ table, rows }) => [table, rows])),
        rows: report.rows,
        archives: report.archives,
      },
      () =>
        describe(report, {
          config,
          storageTo,
          localFolder: context.store instanceof LocalFolderStore ? context.store.root : undefined,
          formatBytes,
        }),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) throw error;
    process.stderr.write(`quire: ${(error as Error).message}\n`);
    return 1;
  } finally {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
  }
}

/** The report for people: the counts, where the archives are, and how to run the API now. */
function describe(
  report: DbCopyReport,
  options: {
    config: Config;
    storageTo: string | undefined;
    /** The source's archive folder, when it is one. */
    localFolder: string | undefined;
    formatBytes: (bytes: number) => string;
  },
): string {
  const { config, storageTo, localFolder: folder } = options;
  const { archives } = report;
  const lines = [
    `Copied ${plural(report.rows, "row")} into ${report.target}:`,
    "",
    table(
      ["TABLE", "ROWS"],
      [
        ...report.tables.map(({ table, rows }) => [table, String(rows)]),
        ["total", String(report.rows)],
      ],
    ),
    "",
  ];
  const present = archives.referenced - archives.missing.length;
  let storageFlag: string;
  if (archives.moved) {
    lines.push(
      `Archives: ${archives.copied} copied to ${archives.storage} (${options.formatBytes(archives.bytes)}; sizes and sha256 checked).`,
    );
    storageFlag = ` --storage-url '${storageTo}'`;
  } else if (folder !== undefined) {
    const isDefault = folder === path.join(config.dataDirPath, "objects");
    lines.push(
      `Archives: ${present} stay in ${folder}: the API on PostgreSQL finds them with ${isDefault ? `--data-dir ${config.dataDirPath} (its objects/ folder) or ` : ""}--storage-url ${folder}.`,
    );
    storageFlag = ` --storage-url ${folder}`;
  } else {
    lines.push(
      `Archives: ${present} stay in ${archives.storage}: run the API with the same --storage-url.`,
    );
    storageFlag = " --storage-url <the same URL>";
  }
  if (archives.missing.length > 0)
    lines.push(
      `${plural(archives.missing.length, "archive was", "archives were")} already missing from the source store; their bundles stay unavailable: ${archives.missing.join(", ")}`,
    );
  const secret =
    config.secretKey !== undefined
      ? "the same QUIRE_SECRET_KEY"
      : `the same secret key (${path.join(config.dataDirPath, "secret.key")}, or QUIRE_SECRET_KEY with its contents)`;
  lines.push(
    "",
    `Next: quire api --database-url <the --to URL>${storageFlag}, with ${secret}: bundle links and stored forge tokens depend on it.`,
  );
  return lines.join("\n");
}

function canParse(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** A URL as it may be printed: its password hidden. */
function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//***@");
  }
}
