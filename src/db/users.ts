import type { Invitation, Member, Membership, Role, User } from "../domain/user.ts";
import type { Queryable } from "./database.ts";
import type { InvitationsTable, SessionsTable, UsersTable } from "./schema.ts";

function toUser(row: Pick<UsersTable, "id" | "email" | "created_at">): User {
  return { id: row.id, email: row.email, createdAt: row.created_at };
}

export async function insertUser(db: Queryable, row: UsersTable): Promise<User> {
  await db.insertInto("users").values(row).execute();
  return toUser(row);
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<UsersTable | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findUser(db: Queryable, id: string): Promise<User | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toUser(row);
}

export async function setPasswordHash(
  db: Queryable,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", userId)
    .execute();
}

/** Users with their memberships; of one organization when `orgId` is given. */
export async function listUsers(
  db: Queryable,
  orgId?: string,
): Promise<(User & { memberships: { orgId: string; role: Role }[] })[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("memberships", "memberships.user_id", "users.id")
    .select([
      "users.id",
      "users.email",
      "users.created_at",
      "memberships.org_id",
      "memberships.role",
    ])
    .orderBy("users.created_at")
    .orderBy("users.id");
  if (orgId) query = query.where("memberships.org_id", "=", orgId);
  const users = new Map<string, User & { memberships: { orgId: string; role: Role }[] }>();
  for (const row of await query.execute()) {
    let user = users.get(row.id);
    if (!user) {
      user = { ...toUser(row), memberships: [] };
      users.set(row.id, user);
    }
    if (row.org_id && row.role)
      user.memberships.push({ orgId: row.org_id, role: row.role as Role });
  }
  return [...users.values()];
}

// --- memberships ------------------------------------------------------------------------------

export async function insertMembership(
  db: Queryable,
  row: { user_id: string; org_id: string; role: Role; created_at: string },
): Promise<void> {
  await db.insertInto("memberships").values(row).execute();
}

export async function findMembership(
  db: Queryable,
  userId: string,
  orgId: string,
): Promise<Membership | undefined> {
  const row = await db
    .selectFrom("memberships")
    .innerJoin("organizations", "organizations.id", "memberships.org_id")
    .select([
      "memberships.user_id",
      "memberships.org_id",
      "memberships.role",
      "memberships.created_at",
      "organizations.name",
    ])
    .where("memberships.user_id", "=", userId)
    .where("memberships.org_id", "=", orgId)
    .executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      orgId: row.org_id,
      orgName: row.name,
      role: row.role as Role,
      createdAt: row.created_at,
    }
  );
}

/** A user's organizations, in the order they joined them. */
export async function listMemberships(db: Queryable, userId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("organizations", "organizations.id", "memberships.org_id")
    .select([
      "memberships.user_id",
      "memberships.org_id",
      "memberships.role",
      "memberships.created_at",
      "organizations.name",
    ])
    .where("memberships.user_id", "=", userId)
    .orderBy("memberships.created_at")
    .orderBy("memberships.org_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    orgId: row.org_id,
    orgName: row.name,
    role: row.role as Role,
    createdAt: row.created_at,
  }));
}

export async function listMembers(db: Queryable, orgId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["users.id", "users.email", "memberships.role", "memberships.created_at"])
    .where("memberships.org_id", "=", orgId)
    .orderBy("memberships.created_at")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    role: row.role as Role,
    createdAt: row.created_at,
  }));
}

export async function countOwners(db: Queryable, orgId: string): Promise<number> {
  const row = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("org_id", "=", orgId)
    .where("role", "=", "owner")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function setMembershipRole(
  db: Queryable,
  userId: string,
  orgId: string,
  role: Role,
): Promise<void> {
  await db
    .updateTable("memberships")
    .set({ role })
    .where("user_id", "=", userId)
    .where("org_id", "=", orgId)
    .execute();
}

export async function deleteMembership(
  db: Queryable,
  userId: string,
  orgId: string,
): Promise<void> {
  await db
    .deleteFrom("memberships")
    .where("user_id", "=", userId)
    .where("org_id", "=", orgId)
    .execute();
}

// --- invitations ------------------------------------------------------------------------------

export function toInvitation(row: InvitationsTable): Invitation {
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    role: row.role as Role,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export async function insertInvitation(db: Queryable, row: InvitationsTable): Promise<Invitation> {
  await db.insertInto("invitations").values(row).execute();
  return toInvitation(row);
}

/** An invitation that can still be accepted: not accepted, not revoked, not expired. */
export async function findOpenInvitationByHash(
  db: Queryable,
  tokenHash: string,
  now: string,
): Promise<InvitationsTable | undefined> {
  return db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

export async function listOpenInvitations(
  db: Queryable,
  orgId: string,
  now: string,
): Promise<Invitation[]> {
  const rows = await db
    .selectFrom("invitations")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toInvitation);
}

export async function findInvitation(
  db: Queryable,
  orgId: string,
  id: string,
): Promise<InvitationsTable | undefined> {
  return db
    .selectFrom("invitations")
    .selectAll()
    .where("id", "=", id)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
}

/** Ends an open invitation; false when it was no longer open (accepted or revoked meanwhile). */
export async function closeInvitation(
  db: Queryable,
  id: string,
  change: { accepted_at: string } | { revoked_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("invitations")
    .set(change)
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// --- sessions ---------------------------------------------------------------------------------

export async function insertSession(db: Queryable, row: SessionsTable): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

/** A session with its user, whatever its age: the caller checks the times. */
export async function findSession(
  db: Queryable,
  idHash: string,
): Promise<(SessionsTable & { email: string }) | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("sessions")
    .select("users.email")
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Queryable, idHash: string, now: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now })
    .where("id_hash", "=", idHash)
    .execute();
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

export async function deleteUserSessions(db: Queryable, userId: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions(
  db: Queryable,
  userId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Removes sessions past their end, so the table does not grow with abandoned browsers. */
export async function deleteExpiredSessions(db: Queryable, now: string): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

// --- sign-in attempts -------------------------------------------------------------------------

/**
 * Attempts on an account from any address, or from an address on any account, made after
 * `since` and not followed by a success, and when the last of them was made.
 */
export async function countSignInAttempts(
  db: Queryable,
  by: "account" | "address",
  value: string,
  since: string,
): Promise<{ count: number; last: string | null }> {
  const row = await db
    .selectFrom("sign_in_attempts")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.max("created_at").as("last"),
    ])
    .where(by, "=", value)
    .where("created_at", ">", since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: (row?.last as string | null) ?? null };
}

export async function insertSignInAttempt(
  db: Queryable,
  row: { id: string; account: string; address: string; created_at: string },
): Promise<void> {
  await db.insertInto("sign_in_attempts").values(row).execute();
}

/**
 * After a success: forgets the attempts of this account from this address, and every stale
 * one. The account's attempts from other addresses, and this address's on other accounts, stay.
 */
export async function clearSignInAttempts(
  db: Queryable,
  account: string,
  address: string,
  staleBefore: string,
): Promise<void> {
  await db
    .deleteFrom("sign_in_attempts")
    .where((eb) =>
      eb.or([
        eb.and([eb("account", "=", account), eb("address", "=", address)]),
        eb("created_at", "<=", staleBefore),
      ]),
    )
    .execute();
}
