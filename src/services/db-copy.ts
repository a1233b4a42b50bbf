import assert from "node:assert";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type Readable, Transform } from "node:stream";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { formatBytes } from "../common/format-bytes.ts";
import { plural } from "../common/plural.ts";
import type { QuireDatabase } from "../db/database.ts";
import { lockForTransaction } from "../db/dialect.ts";
import { CodedError } from "../domain/errors.ts";
import { LocalFolderStore } from "../storage/local-folder-store.ts";
import type { ObjectStore, StoredObject } from "../storage/object-store.ts";

/**
 * `quire db copy`: an embedded installation (SQLite, archives in a folder) copied into a fresh
 * PostgreSQL database, and its archives into S3 when asked. The rules:
 * - the source is SQLite and the target PostgreSQL, both migrated to this Quire's schema;
 * - the target holds no row in any of Quire's tables (a copy never merges);
 * - no job is queued or running in the source (a half-run job would be copied half-run);
 * - every table of the source is copied (found in the source itself, parents before the tables
 *   that reference them), in batches inside one target transaction: a failure leaves the
 *   target as empty as it was;
 * - archives are streamed from the source's folder to the target store under the same keys,
 *   their size and sha256 checked against the bundle rows, before the rows are committed.
 * The source is read inside one SQLite write transaction, so nothing changes in it meanwhile.
 */

/** A refusal: the command was right, but the installation or the target cannot be copied now. */
export class DbCopyRefusedError extends CodedError {
  constructor(message: string) {
    super("QUIRE_ERR_DB_COPY_REFUSED", message);
  }
}

/** Where archives can be streamed to (the S3 store). */
export interface ArchiveTarget {
  readonly location: string;
  putStream(key: string, body: Readable, sizeBytes: number): Promise<StoredObject>;
}

export interface DbCopyOptions {
  source: QuireDatabase;
  /** The source installation's object store, where its archives are. */
  sourceStore: ObjectStore;
  target: QuireDatabase;
  /** Copy the archives here (same keys); without it they stay in the source store. */
  archiveTarget?: ArchiveTarget;
  /** Rows per insert (at most); default 500. */
  batchRows?: number;
  /** One line of progress at a time, for long copies. */
  onProgress?: (line: string) => void;
}

export interface DbCopyReport {
  /** The target database, without its password. */
  target: string;
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
  rows: number;
  archives: {
    /** Archives the bundle rows name. */
    referenced: number;
    /** Archives streamed to the archive target (0 without one). */
    copied: number;
    bytes: number;
    /** Keys of archives that were already missing from the source store (their bundles stay unavailable). */
    missing: string[];
    /** Where the API finds the archives from now on. */
    storage: string;
    /** Whether they were copied there (false: they stayed in the source store). */
    moved: boolean;
  };
}

/** Tables of the source that are not data: SQLite's own and the migration record (the target has its own). */
const NOT_COPIED = new Set(["schema_migrations"]);
const DEFAULT_BATCH_ROWS = 500;
/** A batch is also cut at about this many bytes of text (agent traces can be large). */
const BATCH_BYTES = 8 * 1024 * 1024;
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;
const PROGRESS_EVERY_MS = 1000;

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

interface SourceTable {
  name: string;
  columns: string[];
  rows: number;
}

export async function copyDatabase(options: DbCopyOptions): Promise<DbCopyReport> {
  const { source, target } = options;
  if (source.dialect !== "sqlite")
    throw new DbCopyRefusedError(
      `the source must be an embedded (SQLite) installation, not ${source.location}`,
    );
  if (target.dialect !== "postgres")
    throw new DbCopyRefusedError(`the target must be PostgreSQL, not ${target.location}`);
  if (options.archiveTarget && !(options.sourceStore instanceof LocalFolderStore))
    throw new DbCopyRefusedError(
      `the archives are not in a local folder but in ${options.sourceStore.location}: copy without --storage-to and run the API with the same --storage-url`,
    );
  const progress = options.onProgress ?? (() => {});
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;

  // BEGIN IMMEDIATE: the source's write lock, held until the copy ends, so no job is created or
  // started between the checks and the copy.
  return (source.db as unknown as AnyDb).transaction().execute(async (sourceTx) => {
    const tables = await readSourceTables(sourceTx);
    await refuseUnfinishedJobs(sourceTx, tables);
    await checkTargetSchema(target.db as unknown as AnyDb, tables);
    await refuseNonEmptyTarget(target.db as unknown as AnyDb, tables);

    const bundles = tables.some((table) => table.name === "bundles")
      ? (
          await sql<{
            object_key: string;
            size_bytes: number | string;
            sha256: string;
          }>`select object_key, size_bytes, sha256 from bundles order by job_id`.execute(sourceTx)
        ).rows
      : [];
    const archives = {
      referenced: bundles.length,
      copied: 0,
      bytes: 0,
      missing: [] as string[],
      storage: options.archiveTarget?.location ?? options.sourceStore.location,
      moved: options.archiveTarget !== undefined,
    };
    // Archives first: a failure here leaves the target database untouched, and the uploads are
    // overwritten by the next attempt.
    for (const [index, bundle] of bundles.entries()) {
      const key = bundle.object_key;
      const stored = await options.sourceStore.stat(key);
      if (!stored) {
        archives.missing.push(key);
        progress(`archive ${index + 1}/${bundles.length}: ${key} is missing from the source store`);
        continue;
      }
      if (!options.archiveTarget) continue;
      const expected = Number(bundle.size_bytes);
      if (stored.sizeBytes !== expected)
        throw new CodedError(
          "QUIRE_ERR_DB_COPY_SOURCE_DAMAGED",
          `the archive ${key} holds ${stored.sizeBytes} bytes in ${options.sourceStore.location}, but its bundle row says ${expected}: the source store is damaged`,
        );
      progress(`archive ${index + 1}/${bundles.length}: ${key} (${formatBytes(expected)})`);
      await copyArchive(
        options.sourceStore as LocalFolderStore,
        options.archiveTarget,
        key,
        expected,
        bundle.sha256,
      );
      archives.copied += 1;
      archives.bytes += expected;
    }

    const copied = await (target.db as unknown as AnyDb).transaction().execute(async (targetTx) => {
      // Two copies into one target at once: the second waits here, then finds it not empty.
      await lockForTransaction(targetTx, "quire db copy");
      await refuseNonEmptyTarget(targetTx, tables);
      const counts: { table: string; rows: number }[] = [];
      for (const table of tables) {
        counts.push({
          table: table.name,
          rows: await copyTable(sourceTx, targetTx, table, batchRows, progress),
        });
      }
      // What the target now holds is what was read, table by table, before anything commits.
      const landed = await countRows(targetTx, tables);
      for (const { table, rows } of counts) {
        if (landed.get(table) !== rows)
          throw new CodedError(
            "QUIRE_ERR_DB_COPY_FAILED",
            `the target's table ${table} holds ${landed.get(table)} rows after copying ${rows}: nothing was committed`,
          );
      }
      return counts;
    });
    return {
      target: target.location,
      tables: copied,
      rows: copied.reduce((sum, table) => sum + table.rows, 0),
      archives,
    };
  });
}

/**
 * The source's tables (SQLite's own and the migration record left out), parents before the
 * tables whose foreign keys reference them, with their columns and row counts.
 */
async function readSourceTables(db: AnyDb): Promise<SourceTable[]> {
  const names = (
    await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name not like 'sqlite\\_%' escape '\\'
      order by rowid`.execute(db)
  ).rows
    .map((row) => row.name)
    .filter((name) => !NOT_COPIED.has(name));
  const parents = new Map<string, Set<string>>();
  for (const name of names) {
    const references = (
      await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db)
    ).rows.map((row) => row.table);
    // Quire's own schema: a migration that adds such a table must teach this copy its order.
    assert(
      !references.includes(name),
      `the table ${name} references itself: quire db copy cannot order its rows yet`,
    );
    parents.set(name, new Set(references.filter((parent) => names.includes(parent))));
  }
  const ordered: string[] = [];
  const remaining = [...names];
  while (remaining.length > 0) {
    const next = remaining.findIndex((name) =>
      [...(parents.get(name) ?? [])].every((parent) => ordered.includes(parent)),
    );
    assert(
      next >= 0,
      `the tables ${remaining.join(", ")} reference each other in a cycle: quire db copy cannot order them`,
    );
    ordered.push(...remaining.splice(next, 1));
  }
  const tables: SourceTable[] = [];
  for (const name of ordered) {
    const columns = (
      await sql<{ name: string }>`select name from pragma_table_info(${name}) order by cid`.execute(
        db,
      )
    ).rows.map((row) => row.name);
    const count = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(
      db,
    );
    tables.push({ name, columns, rows: Number(count.rows[0]?.n ?? 0) });
  }
  return tables;
}

/** Jobs still to run or running: copying them would copy work half done. */
async function refuseUnfinishedJobs(db: AnyDb, tables: SourceTable[]): Promise<void> {
  const present = new Set(tables.map((table) => table.name));
  const unfinished: string[] = [];
  const count = async (query: RawBuilder<{ n: number }>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  if (present.has("export_jobs")) {
    const n = await count(
      sql`select count(*) as n from export_jobs where status in ('queued', 'running')`,
    );
    if (n > 0) unfinished.push(`${plural(n, "export job")} queued or running`);
  }
  if (present.has("agent_jobs")) {
    const n = await count(sql`select count(*) as n from agent_jobs where status = 'active'`);
    if (n > 0) unfinished.push(`${plural(n, "agent job")} active`);
  }
  if (present.has("queue_jobs")) {
    const n = await count(
      sql`select count(*) as n from queue_jobs where status in ('queued', 'running')`,
    );
    if (n > 0) unfinished.push(`${plural(n, "queue entry", "queue entries")} queued or running`);
  }
  if (unfinished.length > 0)
    throw new DbCopyRefusedError(
      `the installation has unfinished jobs (${unfinished.join(", ")}): let them finish (or archive the agent jobs), then stop every \`quire api\` and \`quire worker\` on it and copy again`,
    );
}

/** Every table and column of the source must exist in the target (the same migrations made both). */
async function checkTargetSchema(db: AnyDb, tables: SourceTable[]): Promise<void> {
  const columns = (
    await sql<{ table_name: string; column_name: string }>`select table_name, column_name
      from information_schema.columns where table_schema = current_schema()`.execute(db)
  ).rows;
  const byTable = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns) {
    if (!byTable.has(table_name)) byTable.set(table_name, new Set());
    byTable.get(table_name)?.add(column_name);
  }
  for (const table of tables) {
    const present = byTable.get(table.name);
    if (!present)
      throw new CodedError(
        "QUIRE_ERR_DB_COPY_SCHEMA_MISMATCH",
        `the target has no table ${table.name}, which the source has: both must be migrated by the same Quire`,
      );
    const absent = table.columns.filter((column) => !present.has(column));
    if (absent.length > 0)
      throw new CodedError(
        "QUIRE_ERR_DB_COPY_SCHEMA_MISMATCH",
        `the target's table ${table.name} has no column ${absent.join(", ")}: both must be migrated by the same Quire`,
      );
  }
}

async function countRows(db: AnyDb, tables: SourceTable[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const result = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table.name)}`.execute(db);
    counts.set(table.name, Number(result.rows[0]?.n ?? 0));
  }
  return counts;
}

async function refuseNonEmptyTarget(db: AnyDb, tables: SourceTable[]): Promise<void> {
  const counts = await countRows(db, tables);
  const held = [...counts].filter(([, rows]) => rows > 0);
  if (held.length > 0)
    throw new DbCopyRefusedError(
      `the target database is not empty: it holds rows in ${held
        .map(([table, rows]) => `${table} (${rows})`)
        .join(", ")}; copy into a fresh database`,
    );
}

/** Copies one table in rowid order, a batch at a time; returns the rows copied. */
async function copyTable(
  sourceDb: AnyDb,
  targetDb: AnyDb,
  table: SourceTable,
  batchRows: number,
  progress: (line: string) => void,
): Promise<number> {
  const rowsPerInsert = Math.max(
    1,
    Math.min(batchRows, Math.floor(MAX_PARAMETERS / Math.max(1, table.columns.length))),
  );
  const columnList = sql.join(table.columns.map((column) => sql.ref(column)));
  let after: number | bigint = -1;
  let copied = 0;
  let reportedAt = Date.now();
  for (;;) {
    const page: (Row & { quire_copy_rowid: number })[] = (
      await sql<
        Row & { quire_copy_rowid: number }
      >`select _rowid_ as quire_copy_rowid, ${columnList}
        from ${sql.table(table.name)} where _rowid_ > ${after}
        order by _rowid_ limit ${rowsPerInsert}`.execute(sourceDb)
    ).rows;
    if (page.length === 0) break;
    after = page.at(-1)?.quire_copy_rowid ?? after;
    for (const batch of bySize(page.map((row) => portable(row, table.columns)))) {
      try {
        await targetDb.insertInto(table.name).values(batch).execute();
      } catch (error) {
        throw new CodedError(
          "QUIRE_ERR_DB_COPY_FAILED",
          `cannot copy ${table.name} (rows ${copied + 1} to ${copied + batch.length}) into the target: ${(error as Error).message}`,
          { cause: error },
        );
      }
      copied += batch.length;
    }
    // A long table reports about once a second.
    if (Date.now() - reportedAt >= PROGRESS_EVERY_MS && copied < table.rows) {
      progress(`${table.name}: ${copied}/${table.rows} rows`);
      reportedAt = Date.now();
    }
  }
  if (copied > 0) progress(`${table.name}: ${plural(copied, "row")}`);
  return copied;
}

/** A source row as the target takes it: the same values, blobs as Buffers. */
function portable(row: Row, columns: string[]): Row {
  const copy: Row = {};
  for (const column of columns) {
    const value = row[column];
    copy[column] = value instanceof Uint8Array ? Buffer.from(value) : value;
  }
  return copy;
}

/** Splits rows so that no insert carries much more than BATCH_BYTES of text. */
function bySize(rows: Row[]): Row[][] {
  const batches: Row[][] = [];
  let current: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    let size = 0;
    for (const value of Object.values(row)) {
      if (typeof value === "string") size += value.length;
      else if (value instanceof Uint8Array) size += value.byteLength;
      else size += 8;
    }
    if (current.length > 0 && bytes + size > BATCH_BYTES) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Streams one archive from the source folder to the target, checking its sha256 on the way. */
async function copyArchive(
  from: LocalFolderStore,
  to: ArchiveTarget,
  key: string,
  sizeBytes: number,
  sha256: string,
): Promise<void> {
  const file = from.fileOf(key);
  if (!file)
    throw new CodedError(
      "QUIRE_ERR_DB_COPY_SOURCE_DAMAGED",
      `the bundle row names an invalid object key "${key}"`,
    );
  const hash = createHash("sha256");
  let read = 0;
  const reading = createReadStream(file);
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      read += chunk.length;
      callback(null, chunk);
    },
  });
  reading.on("error", (error) => hashing.destroy(error));
  await to.putStream(key, reading.pipe(hashing), sizeBytes);
  const digest = hash.digest("hex");
  if (read !== sizeBytes || (sha256 && digest !== sha256))
    throw new CodedError(
      "QUIRE_ERR_DB_COPY_SOURCE_DAMAGED",
      `the archive ${key} read from ${from.location} does not match its bundle row (${read} bytes, sha256 ${digest}; the row says ${sizeBytes} bytes, sha256 ${sha256}): the source store is damaged`,
    );
}
