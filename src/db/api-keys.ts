import type { Db, Queryable } from "./database.ts";
import { precompiled } from "./precompiled.ts";
import type { ApiKeysTable } from "./schema.ts";

/** An API key as listed: never its hash, never the key. */
export interface ApiKeyInfo {
  id: string;
  orgId: string;
  name: string;
  visiblePrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function toInfo(row: ApiKeysTable): ApiKeyInfo {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    visiblePrefix: row.visible_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertApiKey(db: Queryable, row: ApiKeysTable): Promise<ApiKeyInfo> {
  await db.insertInto("api_keys").values(row).execute();
  return toInfo(row);
}

const selectKeyByHash = precompiled<
  [string],
  Pick<ApiKeysTable, "id" | "org_id" | "key_hash" | "revoked_at">
>(
  1,
  (db, hash) =>
    db
      .selectFrom("api_keys")
      .select(["id", "org_id", "key_hash", "revoked_at"])
      .where("key_hash", "=", hash as string),
  { cached: true },
);

/** The key with this hash: on every authenticated request, so compiled once. */
export async function findApiKeyByHash(
  db: Db,
  keyHash: string,
): Promise<Pick<ApiKeysTable, "id" | "org_id" | "key_hash" | "revoked_at"> | undefined> {
  return (await selectKeyByHash(db, keyHash))[0];
}

export async function listApiKeys(db: Queryable, orgId?: string): Promise<ApiKeyInfo[]> {
  let query = db.selectFrom("api_keys").selectAll().orderBy("created_at").orderBy("id");
  if (orgId) query = query.where("org_id", "=", orgId);
  return (await query.execute()).map(toInfo);
}

export async function findApiKey(db: Queryable, id: string): Promise<ApiKeyInfo | undefined> {
  const row = await db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toInfo(row);
}

/** Revokes a key; revoking it again keeps the first time. */
export async function revokeApiKey(db: Queryable, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchApiKey(db: Queryable, id: string, now: string): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", id).execute();
}
