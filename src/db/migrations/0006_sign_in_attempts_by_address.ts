import type { Kysely } from "kysely";

/**
 * Sign-in attempts are also counted per client address, whatever the account: an index for
 * that count (the first index serves the count per account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("sign_in_attempts_address")
    .on("sign_in_attempts")
    .columns(["address", "created_at"])
    .execute();
}
