import { type Compilable, CompiledQuery } from "kysely";
import { changeTokenOf, type Db } from "./database.ts";

/** Results kept per query at most; past it the cache starts again (hot lookups refill it at once). */
const RESULTS_KEPT = 10_000;

/**
 * A query built and compiled once per database, then run with new parameters: for the few
 * queries on every request (the API key, a polled job), where building and compiling the query
 * with Kysely on each call costs more than running it. `build` receives a marker for each
 * parameter; the same builder code serves both dialects. `cached`: results are reused while
 * the database's change token (see `changeTokenOf`) stays the same: this process's own writes
 * end them at once, another process's within 50 ms.
 */
export function precompiled<Args extends readonly unknown[], Row>(
  arity: Args["length"],
  build: (db: Db, ...markers: string[]) => Compilable<Row>,
  options: { cached?: boolean } = {},
) {
  const cache = new WeakMap<Db, { sql: string; slots: ({ arg: number } | { value: unknown })[] }>();
  const results = new WeakMap<Db, Map<string, { token: string; rows: Row[] }>>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      const markers = Array.from(
        { length: arity },
        (_, index) => `\u0000quire-parameter-${index}\u0000`,
      );
      const query = build(db, ...markers).compile();
      const slots = query.parameters.map((value) => {
        const index = markers.indexOf(value as string);
        return index >= 0 ? { arg: index } : { value };
      });
      compiled = { sql: query.sql, slots };
      cache.set(db, compiled);
    }
    const token = options.cached ? changeTokenOf(db) : undefined;
    const key = token === undefined ? "" : args.join("\u0000");
    if (token !== undefined) {
      const hit = results.get(db)?.get(key);
      if (hit && hit.token === token) return hit.rows;
    }
    const parameters = compiled.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    // The token is read before the query: a write during it leaves a token that no longer matches.
    if (token !== undefined) {
      let kept = results.get(db);
      if (!kept) {
        kept = new Map();
        results.set(db, kept);
      }
      if (kept.size >= RESULTS_KEPT) kept.clear();
      kept.set(key, { token, rows: result.rows as Row[] });
    }
    return result.rows as Row[];
  };
}
