import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/*
 * The query types by themselves, so that modules below `database.ts` (the dialect helpers its
 * migrations use) can name them without importing the module that imports them.
 */

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A query runs the same on the database or inside a transaction. */
export type Queryable = Db | Tx;
