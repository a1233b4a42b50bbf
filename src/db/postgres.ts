import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import pg from "pg";

/** The channel 0004_change_notifications.ts's triggers notify on every write, on commit. */
const CHANGES_CHANNEL = "quire_changes";
const RELISTEN_MS = 1000;

/**
 * Kysely over `pg` with a connection pool. Counts (`count(*)`) arrive as strings, which the
 * repositories already turn into numbers; every column type is portable (text, integer), so
 * no type parsers are changed.
 *
 * `changeToken` tells the cached hot reads (src/db/precompiled.ts) when the database may have
 * changed: at once after this process's own writes and commits, and for other processes'
 * commits when their notification arrives. While the notifications cannot be received it is
 * undefined, and nothing is cached.
 */
export function createPostgresDialect(
  url: string,
  poolSize: number,
): {
  dialect: PostgresDialect;
  pool: pg.Pool;
  changeToken: () => string | undefined;
  close: () => Promise<void>;
} {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "quire" });
  // An idle client that loses its connection (a restarted server) is dropped by the pool; without
  // a listener the error would end the process.
  pool.on("error", () => {});
  let ownWrites = 0;
  const changes = new ChangeListener(url);
  const dialect = new CountingPostgresDialect({ pool }, () => {
    ownWrites++;
  });
  return {
    dialect,
    pool,
    changeToken: () => (changes.listening ? `${ownWrites}:${changes.received}` : undefined),
    close: () => changes.close(),
  };
}

/** Counts the statements that may write, once they have run (and every commit). */
class CountingPostgresDialect extends PostgresDialect {
  readonly #onWrite: () => void;

  constructor(config: ConstructorParameters<typeof PostgresDialect>[0], onWrite: () => void) {
    super(config);
    this.#onWrite = onWrite;
  }

  override createDriver(): Driver {
    return new CountingDriver(super.createDriver(), this.#onWrite);
  }
}

class CountingDriver implements Driver {
  readonly #inner: Driver;
  readonly #onWrite: () => void;
  readonly #inners = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver, onWrite: () => void) {
    this.#inner = inner;
    this.#onWrite = onWrite;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    const onWrite = this.#onWrite;
    const counted: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await inner.executeQuery<R>(query);
        if (!/^\s*select\b/i.test(query.sql)) onWrite();
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) =>
        inner.streamQuery<R>(query, chunkSize),
    };
    this.#inners.set(counted, inner);
    return counted;
  }

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inners.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#inner.commitTransaction(connection);
    this.#onWrite();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(this.#unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** Counts the change notifications of other processes' commits, reconnecting when it loses them. */
class ChangeListener {
  received = 0;
  listening = false;
  readonly #url: string;
  #client?: pg.Client;
  #closed = false;
  #retry?: NodeJS.Timeout;

  constructor(url: string) {
    this.#url = url;
    void this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: "quire-changes",
    });
    const lost = (): void => {
      if (this.#client !== client) return;
      this.listening = false;
      this.#client = undefined;
      client.end().catch(() => {});
      if (!this.#closed) this.#retry = setTimeout(() => void this.#connect(), RELISTEN_MS).unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => {
      this.received++;
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Whatever changed while not listening is unknown: the token moves on.
      this.received++;
      this.listening = !this.#closed;
    } catch {
      lost();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.listening = false;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

/** The URL with its password hidden, for logs and messages. */
export function safeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}
