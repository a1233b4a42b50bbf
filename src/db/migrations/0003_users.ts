import type { Kysely } from "kysely";

/** Dashboard users, their memberships of organizations, invitations, sessions and sign-in throttling. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("password_hash", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("memberships")
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id"))
    .addColumn("org_id", "text", (column) => column.notNull().references("organizations.id"))
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("memberships_pk", ["user_id", "org_id"])
    .execute();
  await db.schema
    .createIndex("memberships_org")
    .on("memberships")
    .columns(["org_id", "created_at"])
    .execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("org_id", "text", (column) => column.notNull().references("organizations.id"))
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("invited_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("invitations_org")
    .on("invitations")
    .columns(["org_id", "created_at"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id"))
    .addColumn("csrf_token", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").columns(["user_id"]).execute();

  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("account", "text", (column) => column.notNull())
    .addColumn("address", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_attempts_account")
    .on("sign_in_attempts")
    .columns(["account", "address", "created_at"])
    .execute();
}
