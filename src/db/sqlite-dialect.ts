import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

/** Prepared statements kept per connection: the API runs the same few queries all day. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely over Node's built-in `node:sqlite` (no native addon to build). Write transactions
 * start with `BEGIN IMMEDIATE`, taking SQLite's write lock at once, so a read-then-write
 * transaction (the rate limit's count and insert) never interleaves with another process's
 * writer; `busy_timeout` makes a second process wait for the lock instead of failing.
 */
export function createSqliteDialect(file: string): {
  dialect: Dialect;
  changeToken: () => string | undefined;
} {
  let database: NodeSqliteDatabase | undefined;
  const dialect = new ImmediateSqliteDialect({
    database: async () => {
      database = new NodeSqliteDatabase(file);
      return database;
    },
    onCreateConnection: async (connection) => {
      // busy_timeout first: switching a new file to WAL takes a lock that another process
      // opening the same data dir at the same moment must wait for, not fail on.
      for (const pragma of [
        "busy_timeout = 10000",
        "journal_mode = WAL",
        "synchronous = NORMAL",
        "foreign_keys = ON",
      ]) {
        await connection.executeQuery(CompiledQuery.raw(`PRAGMA ${pragma}`));
      }
    },
  });
  return { dialect, changeToken: () => database?.changeToken() };
}

type SqliteConfig = ConstructorParameters<typeof SqliteDriver>[0];

/** Kysely's SQLite dialect with its driver swapped for one that begins transactions immediately. */
class ImmediateSqliteDialect implements Dialect {
  readonly #config: SqliteConfig;
  readonly #sqlite: SqliteDialect;
  constructor(config: SqliteConfig) {
    this.#config = config;
    this.#sqlite = new SqliteDialect(config);
  }
  createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  createQueryCompiler(): QueryCompiler {
    return this.#sqlite.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return this.#sqlite.createAdapter();
  }
  createIntrospector(database: Kysely<unknown>): DatabaseIntrospector {
    return this.#sqlite.createIntrospector(database);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** How long another process's commit may go unseen by `changeToken` (one PRAGMA per period). */
const OTHER_WRITERS_CHECK_MS = 50;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, NodeSqliteStatement>();
  readonly #dataVersion: StatementSync;
  /** Statements run on this connection that may have written (SQLite's data_version ignores them). */
  writes = 0;
  #version = -1;
  #versionCheckedAt = 0;

  constructor(file: string) {
    this.#database = new DatabaseSync(file);
    this.#dataVersion = this.#database.prepare("PRAGMA data_version");
  }

  /**
   * Changes whenever the database may have changed: at once for this connection's own
   * statements, and within 50 ms for another process's commits (SQLite's data_version).
   */
  changeToken(): string {
    const now = Date.now();
    if (now - this.#versionCheckedAt >= OTHER_WRITERS_CHECK_MS) {
      this.#version = (this.#dataVersion.get() as { data_version: number }).data_version;
      this.#versionCheckedAt = now;
    }
    return `${this.writes}:${this.#version}`;
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = new NodeSqliteStatement(this.#database.prepare(sql), this);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value as string);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #database: NodeSqliteDatabase;

  constructor(statement: StatementSync, database: NodeSqliteDatabase) {
    this.#statement = statement;
    this.#database = database;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...(parameters as never[]));
  }
  run(parameters: ReadonlyArray<unknown>): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  } {
    // Every statement that is not a read (writes, BEGIN, COMMIT, ROLLBACK) changes the token.
    this.#database.writes += 1;
    return this.#statement.run(...(parameters as never[]));
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...(parameters as never[])) as IterableIterator<unknown>;
  }
}
