import { type Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.ts";

/**
 * A query built and compiled once per database, then run with new parameters: for the few
 * queries on every request (the API key, a polled job), where building and compiling the query
 * with Kysely on each call costs more than running it. `build` receives a marker for each
 * parameter; the same builder code serves both dialects.
 */
export function precompiled<Args extends readonly unknown[], Row>(arity: Args["length"], build: (db: Db, ...markers: string[]) => Compilable<Row>) {
  const cache = new WeakMap<Db, { sql: string; slots: ({ arg: number } | { value: unknown })[] }>();
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      const markers = Array.from({ length: arity }, (_, index) => `\u0000quire-parameter-${index}\u0000`);
      const query = build(db, ...markers).compile();
      const slots = query.parameters.map((value) => {
        const index = markers.indexOf(value as string);
        return index >= 0 ? { arg: index } : { value };
      });
      compiled = { sql: query.sql, slots };
      cache.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
