import type { Organization } from "../domain/project.ts";
import type { Queryable } from "./database.ts";
import type { OrganizationsTable } from "./schema.ts";

function toOrganization(row: OrganizationsTable): Organization {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function insertOrganization(
  db: Queryable,
  row: OrganizationsTable,
): Promise<Organization> {
  await db.insertInto("organizations").values(row).execute();
  return toOrganization(row);
}

export async function findOrganization(
  db: Queryable,
  id: string,
): Promise<Organization | undefined> {
  const row = await db
    .selectFrom("organizations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toOrganization(row);
}

export async function listOrganizations(db: Queryable): Promise<Organization[]> {
  const rows = await db
    .selectFrom("organizations")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toOrganization);
}
